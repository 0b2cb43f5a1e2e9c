import { CATALOG_OPERATIONS, type CatalogOperation } from '@skill-service/contracts';

/** How often each catalog operation ran since start or the last reset (diagnostics' operation_counts). */
export class OperationCounters {
  private counts = OperationCounters.zero();

  private static zero(): Record<CatalogOperation, number> {
    return Object.fromEntries(CATALOG_OPERATIONS.map((operation) => [operation, 0])) as Record<CatalogOperation, number>;
  }

  count(operation: CatalogOperation): void {
    this.counts[operation] += 1;
  }

  reset(): void {
    this.counts = OperationCounters.zero();
  }

  snapshot(): Record<CatalogOperation, number> {
    return { ...this.counts };
  }
}
