/** One GET on a fresh connection, with the raw bytes as sent (no decompression, unlike fetch). */
import { get, type IncomingHttpHeaders } from 'node:http';

export interface RawResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

export function getRaw(url: string, headers: Readonly<Record<string, string>> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers: { ...headers }, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('end', () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
      });
      response.once('error', reject);
    });
    request.once('error', reject);
  });
}
