import { StreamableFile } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';

/** Whether `body` may skip Express's res.json: what it would do for it is exactly what jsonReply does. */
export function repliesAsPlainJson(response: Response, body: unknown, statusCode: number | undefined): boolean {
  if (body === null || typeof body !== 'object') return false;
  if (body instanceof StreamableFile || body instanceof Error || ArrayBuffer.isView(body)) return false;
  const status = statusCode ?? response.statusCode;
  if (status === 204 || status === 205 || status === 304) return false;
  const { req } = response;
  // HEAD, and conditional requests Express may answer 304: its own way.
  if (req.method === 'HEAD' || req.headers['if-none-match'] || req.headers['if-modified-since']) return false;
  return !response.hasHeader('content-type') && !response.hasHeader('transfer-encoding');
}

/** The answer res.json(body) writes in those cases (its headers, its JSON), without its generic steps. */
export function jsonReply(response: Response, body: object, statusCode: number | undefined): void {
  if (statusCode !== undefined && statusCode !== null) response.statusCode = statusCode;
  const text = JSON.stringify(body);
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Content-Length', String(Buffer.byteLength(text)));
  response.end(text);
}

/**
 * Nest's Express adapter, answering a handler's object with jsonReply: Express's res.json then res.send parse the
 * content type, look for an ETag, check freshness and copy the text into a Buffer on every answer. Everything else
 * (errors, streams, HEAD, conditional requests, empty answers) goes through the adapter as it is.
 */
export class JsonExpressAdapter extends ExpressAdapter {
  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (!repliesAsPlainJson(response, body, statusCode)) return super.reply(response, body, statusCode);
    jsonReply(response, body as object, statusCode);
    return response;
  }
}
