import { STATUS_TEXT } from './status-text.js';

const encoder = new TextEncoder();

/**
 * The answer to HEAD, made from the answer to GET: same status and headers, `Content-Length` of the GET's body, no body. The
 * one place HEAD is handled (as hono's `app.fetch` does): handlers only ever answer GET.
 * @example await headResponse(await app.fetch(new Request(url)))
 */
export async function headResponse(get: Response, ResponseClass: typeof Response = Response): Promise<Response> {
  const length = encoder.encode(await get.text()).byteLength;
  const headers: Array<[string, string]> = [];
  get.headers.forEach((value, name) => {
    if (name !== 'content-length') headers.push([name, value]);
  });
  headers.push(['content-length', String(length)]);
  return new ResponseClass(null, { status: get.status, statusText: get.statusText || (STATUS_TEXT[get.status] ?? ''), headers });
}
