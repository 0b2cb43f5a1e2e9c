import type { Express, Response } from 'express';

const JSON_TYPE = 'application/json; charset=utf-8';
/** Answers whose headers Express adjusts itself (no body, or a reset): left to Express. */
const SPECIAL_STATUSES = new Set([204, 205, 304]);

/**
 * The app's `res.json` without the work Express's own does on every answer for features this
 * service does not use: it parses and re-formats the Content-Type to add the charset, and checks
 * the request's freshness though no answer carries an ETag (they are off) or a Last-Modified.
 * The answer is the same: `application/json; charset=utf-8`, Content-Length, the JSON text (a HEAD
 * answer drops the body in node:http). An answer with its own Content-Type, a special status or
 * nothing to serialise goes through Express's own `res.json`.
 */
export function answerJsonDirectly(app: Express): void {
  const expressJson = app.response.json;
  app.response.json = function json(this: Response, body: unknown): Response {
    const text: string | undefined = JSON.stringify(body);
    if (text === undefined || SPECIAL_STATUSES.has(this.statusCode) || this.hasHeader('Content-Type') || this.hasHeader('Transfer-Encoding')) {
      return expressJson.call(this, body);
    }
    this.setHeader('Content-Type', JSON_TYPE);
    this.setHeader('Content-Length', Buffer.byteLength(text));
    this.end(text);
    return this;
  };
}
