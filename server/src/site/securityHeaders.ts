import type { HelmetOptions } from 'helmet';
import type { ServerConfig } from '../config/serverConfig';
import { LOCAL_TIMES_SCRIPT_HASH } from '../render/document';
import { START_SCRIPT_HASH } from '../render/startAfterPaint';

/**
 * The marketing-form provider's hosts the embedded forms need: the embed script's own host plus the
 * provider's domains its script loads the form, its styles and its submissions from. Only allowed when
 * an embedded form is actually configured; without one the dialogs use native forms.
 */
export function marketingFormOrigins(config: ServerConfig): string[] {
  const { portalId, signupFormId, contactFormId, scriptHost } = config.marketingForms;
  if (!portalId || !(signupFormId || contactFormId) || !scriptHost) return [];
  return [
    `https://${scriptHost}`,
    'https://*.hsforms.net',
    'https://*.hsforms.com',
    'https://*.hubspot.com',
    'https://*.hs-scripts.com',
  ];
}

/** Firestore (and its emulator) when bounties are read from it; the browser talks to nothing else. */
function firebaseOrigins(config: ServerConfig): string[] {
  if (!config.firebase) return [];
  return ['https://firestore.googleapis.com', 'https://firebasestorage.googleapis.com'].concat(
    config.firebase.emulatorHost ? [`http://${config.firebase.emulatorHost}`] : [],
  );
}

/**
 * helmet's options with a Content-Security-Policy that allows only this site, the configured remote
 * hosts, the marketing-form provider (when configured) and Firestore (when it is the bounty source).
 * styled-components injects <style> elements, hence 'unsafe-inline' for styles only; the inline
 * scripts are the server-rendered pages' start script and the one that writes their times in the
 * reader's zone, each allowed by its hash; none runs in an attribute. The site may not be framed, and
 * forms post only here or to the provider. The for-clients lead form posts to this server, which
 * forwards leads to the provider server-side, so it needs no provider host in the browser.
 */
export function securityHeaders(config: ServerConfig): HelmetOptions {
  const remoteOrigins = [...new Set(Object.values(config.remoteUrls).map((url) => new URL(url).origin))];
  const marketing = marketingFormOrigins(config);
  const firebase = firebaseOrigins(config);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", START_SCRIPT_HASH, LOCAL_TIMES_SCRIPT_HASH, ...remoteOrigins, ...marketing],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'", ...marketing],
        // Bounty images may live on any https host (a Firestore document's image_url); images cannot run code.
        imgSrc: ["'self'", 'data:', 'https:', ...remoteOrigins, ...marketing, ...firebase],
        mediaSrc: ["'self'"],
        fontSrc: ["'self'", ...marketing],
        connectSrc: ["'self'", ...remoteOrigins, ...marketing, ...firebase],
        frameSrc: marketing.length > 0 ? marketing : ["'none'"],
        formAction: ["'self'", ...marketing],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // A remote served from here may be composed by a host on another origin (README: deploying a
    // remote separately), so its scripts must be loadable cross-origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  };
}
