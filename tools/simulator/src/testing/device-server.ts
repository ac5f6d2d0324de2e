/** A tiny real HTTP server speaking the server side of the device protocol, for tests. */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReportBody } from '../protocol';

export interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  body: ReportBody;
}

export interface Answer {
  status: number;
  json: unknown;
}

export type Responder = (body: ReportBody, index: number) => Answer;

export interface DeviceServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Accepts everything (no duplicates) with the given update interval. */
export function accepting(updateInterval = 1): Responder {
  return (body) => ({
    status: 200,
    json: {
      accepted: body.readings.length,
      duplicates: 0,
      config: { updateInterval, scaleGain: 200, firmware: null },
    },
  });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startDeviceServer(respond: Responder): Promise<DeviceServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    void readBody(req).then((text) => {
      const body = JSON.parse(text) as ReportBody;
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
      const answer = respond(body, requests.length - 1);
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
