/**
 * A tiny real HTTP server speaking the server side of the device protocol, for tests. Before it accepts
 * a report it validates the body with the contract's report schema (the server's), so a report the real
 * server would refuse is refused here too (400) and the test sees it.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deviceReportSchema, type DeviceReport, type DeviceReportAnswer } from '@hivescope/contract';

export interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  body: DeviceReport;
}

export interface Answer {
  status: number;
  json: unknown;
}

export type Responder = (body: DeviceReport, index: number) => Answer;

export interface DeviceServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Accepts everything (no duplicates) with the given update interval. */
export function accepting(updateInterval = 1): Responder {
  return (body) => {
    const answer: DeviceReportAnswer = {
      accepted: body.readings.length,
      duplicates: 0,
      config: { updateInterval, scaleGain: 200, firmware: null },
    };
    return { status: 200, json: answer };
  };
}

/** A success answer stands only for a body that passes the contract's schema; otherwise 400 as the server does. */
function acceptOnlyValid(body: DeviceReport, answer: Answer): Answer {
  if (answer.status >= 300) return answer;
  const parsed = deviceReportSchema.safeParse(body);
  return parsed.success
    ? answer
    : { status: 400, json: { message: parsed.error.issues[0]?.message ?? 'invalid report' } };
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
      const body = JSON.parse(text) as DeviceReport; // checked against the schema before it is accepted
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
      const answer = acceptOnlyValid(body, respond(body, requests.length - 1));
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
