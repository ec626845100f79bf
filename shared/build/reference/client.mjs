// The reference page's browser entry: hydrates the server's HTML, as the site's shell does.
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ReferencePage } from './ReferencePage.mjs';

hydrateRoot(document.getElementById('root'), createElement(ReferencePage));
