#!/usr/bin/env bash
# The README's "Public API" examples, runnable: lists the campaigns, adds a prospect and a live link
# to the first one, and reads the replies waiting for an answer (and the first conversation).
# Needs only bash and curl. Usage:
#   LINKPILOT_URL=https://linkpilot.example.com LINKPILOT_API_KEY=lp_… bash scripts/api-examples.sh
# The key needs both scopes (read and write). The README's commands are copied here verbatim;
# src/server/modules/api-keys/api-examples.test.ts checks that, and runs this script against the app.
set -euo pipefail

: "${LINKPILOT_URL:?Set LINKPILOT_URL to the address of the app, e.g. https://linkpilot.example.com}"
: "${LINKPILOT_API_KEY:?Set LINKPILOT_API_KEY to a key from Settings → API keys (lp_…)}"
LINKPILOT_URL="${LINKPILOT_URL%/}"

# The first "id" of a JSON answer (bash only: no jq needed for these examples).
first_id() {
  if [[ $1 =~ \"id\":\"([0-9a-f-]{36})\" ]]; then
    printf '%s' "${BASH_REMATCH[1]}"
  fi
}

echo "== List campaigns"
campaigns=$(curl --fail-with-body -sS "$LINKPILOT_URL/api/v1/campaigns" \
  -H "Authorization: Bearer $LINKPILOT_API_KEY")
echo "$campaigns"
CAMPAIGN_ID=$(first_id "$campaigns")
if [[ -z $CAMPAIGN_ID ]]; then
  echo "No campaign yet: create one in the app first." >&2
  exit 1
fi

echo "== Add prospects to campaign $CAMPAIGN_ID"
curl --fail-with-body -sS "$LINKPILOT_URL/api/v1/campaigns/$CAMPAIGN_ID/prospects" \
  -H "Authorization: Bearer $LINKPILOT_API_KEY" \
  -H "Content-Type: application/json" \
  -H "Idempotency-Key: example-org-import-1" \
  -d '{"prospects":[{"website":"example.org","contactEmail":"editor@example.org","contactName":"Eddie Editor"}]}'
echo

echo "== Add a live link"
curl --fail-with-body -sS "$LINKPILOT_URL/api/v1/live-links" \
  -H "Authorization: Bearer $LINKPILOT_API_KEY" \
  -H "Content-Type: application/json" \
  -H "Idempotency-Key: example-org-link-1" \
  -d "{\"campaignId\":\"$CAMPAIGN_ID\",\"pageUrl\":\"https://example.org/best-tools\",\"url\":\"https://www.example.com/\",\"anchorText\":\"Example\"}"
echo

echo "== Replies waiting for an answer"
threads=$(curl --fail-with-body -sS "$LINKPILOT_URL/api/v1/inbox/threads?view=needs_answer" \
  -H "Authorization: Bearer $LINKPILOT_API_KEY")
echo "$threads"
THREAD_ID=$(first_id "$threads")
if [[ -z $THREAD_ID ]]; then
  echo "No reply is waiting for an answer."
  exit 0
fi

echo "== Conversation $THREAD_ID"
curl --fail-with-body -sS "$LINKPILOT_URL/api/v1/inbox/threads/$THREAD_ID" \
  -H "Authorization: Bearer $LINKPILOT_API_KEY"
echo
