/**
 * The inbound classifier at the path the held-out mail scorer loads
 * (`../shared/fixtures/mail/score.ts` imports `src/server/outreach/replies/classify.ts`). The
 * classifier lives in the inbox's pipeline since the mail layer (docs/decisions/029-mail-layer.md).
 */
// eslint-disable-next-line import-x/no-restricted-paths -- the scorer's fixed path, not a dependency of outreach
export { classifyInbound } from '../../inbox/pipeline/classify';
