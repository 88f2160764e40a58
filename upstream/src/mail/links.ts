import { LinkifyIt } from 'linkify-it';

/**
 * The one reader of links in a mail's text (the HTML part's anchors, the development outbox's list): where
 * a link ends is linkify-it's call, so a sentence's closing punctuation stays outside it. Only links written
 * with their scheme count: a bare `example.com` in an organiser's text stays text.
 */
export const linkify = new LinkifyIt({ fuzzyLink: false, fuzzyEmail: false });

/** Every http(s) URL of a text, each once, in order. */
export function httpLinks(text: string): string[] {
  const urls = (linkify.match(text) ?? []).map((m) => m.url).filter((url) => /^https?:/i.test(url));
  return [...new Set(urls)];
}
