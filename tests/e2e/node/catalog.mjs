// A second language from the message keys alone: a catalog (key -> template with {name}
// placeholders, e.g. i18n/de.json) applied to a StructuredText (texts.proto: key and typed
// parameters). Seats are shown by the players' names, amounts the catalog language's way.
//
// Environment: MAILRUN_CATALOG (the catalog file).
import { readFileSync } from 'node:fs';

import { env } from './api.mjs';

const catalog = JSON.parse(readFileSync(env('MAILRUN_CATALOG'), 'utf8'));
const money = (amount) => `${Number(amount).toLocaleString('de-DE')} £`;

// One parameter in the catalog's language: seats by name, money the German way, the rest as given.
function renderParam(param, names) {
  switch (param.value) {
    case 'seat': return names[param.seat] ?? `#${param.seat}`;
    case 'amount': return money(param.amount);
    default: return String(param[param.value]);
  }
}

// A structured text in the catalog's language, or null when the catalog lacks its key.
export function translate(structured, names) {
  const template = catalog.messages[structured.key];
  if (template === undefined) return null;
  const params = new Map(structured.params.map((p) => [p.name, p]));
  return template.replace(/\{([a-z_]+)\}/g, (whole, name) => (params.has(name) ? renderParam(params.get(name), names) : whole));
}
