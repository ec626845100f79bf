import type { HelmetOptions } from 'helmet';
import type { ServerConfig } from '../config/serverConfig';

/**
 * helmet's options with a Content-Security-Policy that allows only this site, the configured remote
 * hosts and the marketing-form provider. styled-components injects <style> elements, hence
 * 'unsafe-inline' for styles only; scripts never run inline.
 */
export function securityHeaders(config: ServerConfig): HelmetOptions {
  const remoteOrigins = Object.values(config.remoteUrls).map((url) => new URL(url).origin);
  const marketing = config.marketingForms.scriptHost ? [`https://${config.marketingForms.scriptHost}`] : [];
  const marketingApis = [
    'https://*.hsforms.com',
    'https://*.hsforms.net',
    'https://*.hubspot.com',
    'https://*.hs-scripts.com',
  ];
  const firebase = config.firebase
    ? [
        'https://firestore.googleapis.com',
        'https://firebasestorage.googleapis.com',
        'https://*.googleapis.com',
      ].concat(config.firebase.emulatorHost ? [`http://${config.firebase.emulatorHost}`] : [])
    : [];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...remoteOrigins, ...marketing, ...marketingApis],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...remoteOrigins, ...marketingApis, ...firebase],
        mediaSrc: ["'self'"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...remoteOrigins, ...marketing, ...marketingApis, ...firebase],
        frameSrc: ["'self'", ...marketingApis],
        formAction: ["'self'", ...marketingApis],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  };
}
