/**
 * Tells automated hits on tracking links from people (docs/decisions/009-outreach-sending.md): image proxies that fetch
 * every pixel (Gmail, Yahoo, Apple Mail Privacy Protection) and security scanners that follow
 * every link before delivery. Such hits are recorded but flagged, so reports can exclude them.
 */

const AUTOMATED_AGENTS: readonly RegExp[] = [
  /GoogleImageProxy/i,
  /YahooMailProxy/i,
  /ggpht\.com/i,
  /Barracuda/i,
  /Mimecast/i,
  /Proofpoint/i,
  /Forcepoint/i,
  /Symantec|MessageLabs/i,
  /Trend ?Micro/i,
  /Sophos/i,
  /Microsoft Office\/\d.*\(Windows NT.*Microsoft Outlook.*Exchange\)/i,
  /BingPreview/i,
  /bot|crawler|spider|scanner|headless|python-requests|curl\/|wget\//i,
];

/** A hit this soon after sending is almost always a scanner on delivery, not a reader (ms). */
export const SCANNER_WINDOW_MS = 10_000;

export interface TrackingHit {
  userAgent: string | undefined;
  /** Time from the message's send to the hit (ms). */
  sinceSendMs: number;
}

/** True when the hit looks automated: a known proxy/scanner agent, no agent at all, or too soon after sending. */
export function isAutomatedHit(hit: TrackingHit): boolean {
  if (!hit.userAgent?.trim()) return true;
  if (hit.sinceSendMs < SCANNER_WINDOW_MS) return true;
  return AUTOMATED_AGENTS.some((pattern) => pattern.test(hit.userAgent!));
}
