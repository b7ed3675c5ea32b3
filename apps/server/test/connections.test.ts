import { connect } from 'node:net';
import { rawExchange } from '@app/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { JSON_HEADERS, multipart, sessionCookie, signup, useTestSite } from './helper.ts';

const t = useTestSite();

async function listening(): Promise<number> {
  if (!t.site.server.listening) await t.site.listen({ port: 0, host: '127.0.0.1' });
  const address = t.site.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/**
 * Sends the head and the first part of a body announced as `length` bytes, never the rest, and
 * resolves with what came back once the server closed the connection.
 */
function partialUpload(port: number, head: string, start: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(head);
      socket.write(start);
    });
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('connections', () => {
  it('answers a refused upload at once and closes the connection, its body unread', async () => {
    const created = await t.site.inject({
      method: 'POST',
      url: '/api/users',
      headers: JSON_HEADERS,
      payload: JSON.stringify(signup()),
    });
    const id = created.json().user.id;
    const cookie = sessionCookie(created);
    const port = await listening();
    // A 6 MB photo that is text, not an image: refused on its first bytes.
    const text = Buffer.alloc(6 * 1024 * 1024, 'not a picture ');
    const form = multipart([
      { name: 'photoFile', value: text, filename: 'me.png', type: 'image/png' },
    ]);
    const head =
      `POST /api/users/${id}/profile HTTP/1.1\r\nHost: localhost\r\n` +
      `Content-Type: ${form.headers['content-type']}\r\nOrigin: ${form.headers.origin}\r\n` +
      `Cookie: ${cookie}\r\nContent-Length: ${form.payload.length}\r\n\r\n`;
    // Only the first 256 KB are ever sent: the server must not wait for the rest.
    const answer = await partialUpload(port, head, form.payload.subarray(0, 256 * 1024));
    const [status = '', ...lines] = (answer.split('\r\n\r\n')[0] ?? '').split('\r\n');
    expect(status).toMatch(/^HTTP\/1\.1 415 /);
    expect(lines.map((line) => line.toLowerCase())).toContain('connection: close');
    // One answer only: no 408 later on the same connection.
    expect(answer.match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });

  it('refuses a request that names two hosts', async () => {
    const port = await listening();
    const answer = await rawExchange(
      port,
      'GET /api/proxy/teams HTTP/1.1\r\nHost: localhost\r\nHost: example.com\r\nConnection: close\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('"code":"BAD_REQUEST"');
    const one = await rawExchange(
      port,
      'GET /api/proxy/teams HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expect(one).toMatch(/^HTTP\/1\.1 200 /);
  });
});
