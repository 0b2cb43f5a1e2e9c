"""Python services of the sample runtime tree."""
