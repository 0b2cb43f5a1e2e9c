"""Text measures for the sample tree: plain functions called with keyword arguments, returning a dict."""

import re

_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
_SENTENCE_END = re.compile(r"[.!?]+(?:\s|$)")


def word_stats(text):
    words = _WORD.findall(text)
    sentences = len(_SENTENCE_END.findall(text.strip())) or (1 if words else 0)
    average = round(sum(len(word) for word in words) / len(words), 2) if words else 0
    return {"words": len(words), "sentences": sentences, "average_word_length": average}
