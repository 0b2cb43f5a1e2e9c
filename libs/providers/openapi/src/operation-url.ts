/**
 * `<base_url>/<operation>` with exactly one slash between the two whatever
 * either side carries. The operation is a path (it may hold a query string), never a full URL.
 */
export function operationUrl(baseUrl: string, operation: string): string {
  const path = operation.trim().replace(/^\/+/, '');
  return path === '' ? baseUrl.replace(/\/+$/, '') : `${baseUrl.replace(/\/+$/, '')}/${path}`;
}
