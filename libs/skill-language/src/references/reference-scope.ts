type Namespace = Readonly<Record<string, unknown>>;

/** What references read from. The optional namespaces exist only for older skill files. */
export interface ReferenceScope {
  readonly inputs: Namespace;
  readonly vars: Namespace;
  readonly outputs: Namespace;
  readonly frame?: Namespace;
  readonly working?: Namespace;
  readonly output?: Namespace;
  readonly extensions?: Namespace;
}
