import fs from 'node:fs';
import express, { type ErrorRequestHandler, type Express } from 'express';
import compression from 'compression';
import helmet from 'helmet';
import type { ServerConfig } from './config/serverConfig';
import { mountSite } from './site/siteHosting';
import { securityHeaders } from './site/securityHeaders';
import { createApiRouter } from './api/apiRouter';
import { bountyMediaRoute } from './bounties/bountiesRouter';

/** Builds the whole server: security headers, the API routes, then the composed site. */
export function createApp(config: ServerConfig): Express {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(helmet(securityHeaders(config)));
  app.use(compression());

  app.use('/api', createApiRouter(config));

  app.use('/media/bounties', bountyMediaRoute());
  mountSite(app, config);

  // Anything a client sends must never surface as a 500 with a stack trace.
  const onError: ErrorRequestHandler = (
    error: { status?: number; statusCode?: number; expose?: boolean },
    _req,
    res,
    _next,
  ) => {
    const status = error.status ?? error.statusCode ?? 500;
    if (status >= 500) console.error(error);
    if (res.headersSent) return;
    const message =
      status === 404 ? 'Not found' : status < 500 && error.expose !== false ? 'Bad request' : 'Server error';
    res.status(status).json({ success: false, message });
  };
  app.use(onError);
  return app;
}
