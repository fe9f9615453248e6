import { ESLint } from 'eslint';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');

/** The project's own eslint.config.js, with the cycle rules off: they walk the whole tree. */
const eslint = new ESLint({
  cwd: repo,
  overrideConfig: { rules: { 'import-x/no-cycle': 'off', 'layers/no-folder-cycles': 'off' } },
});

/**
 * Lints `code` with the project's own eslint.config.js as if it were the file `file` of src/web
 * (the file need not exist), and returns the layer rule's messages.
 */
async function layerErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repo, file) });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe("the web's layers in the lint (docs/decisions/030-web-layers-and-aliases.md)", () => {
  // The first lint loads the config, the parser and the resolver: seconds, so in the hook's time.
  beforeAll(() => layerErrors('src/web/lib/fixture.ts', 'export {};\n'));

  it.each([
    [
      'a feature importing another feature, through an alias',
      'src/web/features/settings/components/fixture.tsx',
      "import { ActivityLog } from '#web/features/activity/components/activity-log';\nexport { ActivityLog };\n",
      'a feature imports no other feature',
    ],
    [
      'a feature importing another feature, through a relative path',
      'src/web/features/inbox/components/fixture.tsx',
      "import { LiveLinksPage } from '../../live-links/components/live-links-page';\nexport { LiveLinksPage };\n",
      'a feature imports no other feature',
    ],
    [
      'a feature importing a route module',
      'src/web/features/campaigns/components/fixture.tsx',
      "import { campaignPanels } from '#web/app/campaign-panels';\nexport { campaignPanels };\n",
      'features never import the app',
    ],
    [
      "a feature's query importing its own components",
      'src/web/features/inbox/api/fixture.ts',
      "import { InboxPage } from '../components/inbox-page';\nexport { InboxPage };\n",
      "a feature's api/ sits below its components/",
    ],
    [
      'a widget importing a feature',
      'src/web/widgets/ai/fixture.tsx',
      "import { InboxPage } from '#web/features/inbox/components/inbox-page';\nexport { InboxPage };\n",
      'widgets sit below the features',
    ],
    [
      'a data hook importing a widget',
      'src/web/data/fixture.ts',
      "import { AiNotConfigured } from '#web/widgets/ai/ai-not-configured';\nexport { AiNotConfigured };\n",
      'data hooks sit below',
    ],
    [
      'a component importing a data hook',
      'src/web/components/fixture.tsx',
      "import { useMe } from '../data/session-queries';\nexport { useMe };\n",
      'components and lib sit below',
    ],
  ])('fails %s', async (_case, file, code, message) => {
    const errors = await layerErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it('passes a feature importing its own files and the layers below it', async () => {
    const code = [
      "import { useMe } from '#web/data/session-queries';",
      "import { ReplyAssist } from '#web/widgets/ai/reply-assist';",
      "import { Button } from '#web/components/ui/button';",
      "import { InboxPage } from './inbox-page';",
      'export { useMe, ReplyAssist, Button, InboxPage };',
      '',
    ].join('\n');
    expect(await layerErrors('src/web/features/inbox/components/fixture.tsx', code)).toEqual([]);
  });
});
