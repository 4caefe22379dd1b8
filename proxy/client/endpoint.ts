/**
 * Where an endpoint lives under `ENQUIRY_API_URL`. With pretty permalinks WordPress serves the
 * REST API under `/wp-json/`; with plain permalinks only as `/?rest_route=/…`, where the
 * endpoint's path goes into the `rest_route` value instead of the URL's path.
 */

/**
 * @example endpointUrl('https://crm.example.com/wp-json/acme/v1', 'create')
 *   // 'https://crm.example.com/wp-json/acme/v1/enquiries/create'
 * @example endpointUrl('https://crm.example.com/?rest_route=/acme/v1', 'upload')
 *   // 'https://crm.example.com/?rest_route=/acme/v1/enquiries/upload'
 */
export function endpointUrl(serviceRoot: string, endpoint: 'create' | 'upload'): string {
  const url = new URL(serviceRoot);
  const route = url.searchParams.get('rest_route');
  if (route !== null) {
    url.searchParams.set('rest_route', `${route.replace(/\/+$/, '')}/enquiries/${endpoint}`);
    // URLSearchParams writes "/" as %2F; WordPress reads either, people read the plain one.
    return url.href.replace(/%2F/gi, '/');
  }
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/enquiries/${endpoint}`;
  return url.href;
}
