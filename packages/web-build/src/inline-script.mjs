// What both apps' prerendering does with a script it puts inline in a page's <head>, and the hash
// by which each server's CSP then allows that inline text (or an inline style).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * The CSP source that allows an inline <style> or <script> with exactly this text ('sha256-...').
 * @param {string} text
 * @returns {string}
 */
export function cspHash(text) {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

/** @param {string} text */
const withoutComments = (text) => text.replace(/^\s*\/\/.*\n/gm, '');

/**
 * The text of one inline script made of these files, in order, without their comment lines (every
 * page's first visit carries it). Refuses a file whose code holds "</script", which would end the
 * element early.
 * @param {...string} files
 * @returns {string}
 */
export function inlineScript(...files) {
  if (files.length === 0) throw new Error('inlineScript: no file given');
  const texts = files.map((file) => readFileSync(file, 'utf8'));
  texts.forEach((text, index) => {
    if (/<\/script/i.test(withoutComments(text))) {
      throw new Error(`${files[index]} holds "</script", which would end it early`);
    }
  });
  return withoutComments(texts.join('\n'));
}
