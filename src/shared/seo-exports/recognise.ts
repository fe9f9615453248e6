import type {
  ColumnMapping,
  DomainMetricName,
  ExportReport,
  ExportTool,
  LinkField,
  MetricSource,
} from './formats';

/**
 * A header compared without case, a sort marker such as "(desc)", or anything but letters and
 * digits: "URL Rating (desc)" → "urlrating", "Source url" → "sourceurl", "First seen" → "firstseen".
 */
export const headerKey = (header: string) =>
  header
    .toLowerCase()
    .replace(/\((asc|desc)\)/g, '')
    .replace(/[^\p{L}\p{N}#]+/gu, '');

/** The names each link field goes by across the tools (as `headerKey`s), most specific first. */
const FIELD_NAMES: Record<LinkField, readonly string[]> = {
  linkingPage: [
    'referringpageurl',
    'sourceurl',
    'linkingpage',
    'sourcepage',
    'sourcepageurl',
    'referringurl',
    'referringpage',
    'urlfrom',
    'backlinkurl',
    'url',
  ],
  domain: ['referringdomain', 'domain', 'rootdomain', 'linkingdomain', 'site'],
  targetUrl: ['targeturl', 'linkurl', 'targetpage', 'urlto', 'destinationurl', 'target'],
  anchor: ['anchor', 'anchortext', 'linkanchor', 'linktext'],
  rel: ['rel', 'linktype', 'type', 'attributes', 'linkattributes'],
  nofollow: ['nofollow', 'flagnofollow', 'isnofollow'],
  ugc: ['ugc', 'flagugc', 'isugc'],
  sponsored: ['sponsored', 'flagsponsored', 'issponsored'],
  firstSeen: ['firstseen', 'firstindexeddate', 'datefirstseen', 'firstindexed', 'firstfound', 'discovered'],
};

/** Metric columns by name; a name prefixed with its tool (SpamZilla's "Ahrefs DR") is read the same. */
const METRIC_NAMES: readonly {
  keys: readonly string[];
  metric: DomainMetricName;
  source: MetricSource | null;
}[] = [
  { keys: ['domainrating', 'dr', 'ahrefsdr'], metric: 'dr', source: 'ahrefs' },
  { keys: ['urlrating', 'ur', 'ahrefsur'], metric: 'ur', source: 'ahrefs' },
  { keys: ['domainauthority', 'da', 'mozda'], metric: 'da', source: 'moz' },
  { keys: ['pageauthority', 'pa', 'mozpa'], metric: 'pa', source: 'moz' },
  { keys: ['spamscore', 'mozspamscore'], metric: 'spam_score', source: 'moz' },
  { keys: ['domainascore', 'authorityscore', 'ascore'], metric: 'authority_score', source: 'semrush' },
  { keys: ['trustflow', 'tf', 'sourcetrustflow', 'majestictf'], metric: 'tf', source: 'majestic' },
  { keys: ['citationflow', 'cf', 'sourcecitationflow', 'majesticcf'], metric: 'cf', source: 'majestic' },
  { keys: ['ahrefstraffic'], metric: 'organic_traffic', source: 'ahrefs' },
  { keys: ['semtraffic', 'semrushtraffic'], metric: 'organic_traffic', source: 'semrush' },
  // A domain's organic traffic in the file's own tool (a page's traffic is not a domain metric).
  {
    keys: ['domaintraffic', 'organictraffic', 'domainorganictraffic'],
    metric: 'organic_traffic',
    source: null,
  },
];

/** Header names that only one tool writes, each hit a vote for it. */
const TOOL_SIGNS: Record<Exclude<ExportTool, 'other'>, readonly string[]> = {
  spamzilla: ['szscore', 'szdrops', 'szredirects', 'szparked', 'szactivehistory', 'majesticbl', 'majesticrd'],
  gsc: [
    'linkingpage',
    'linkingpages',
    'lastcrawled',
    'targetpages',
    'incominglinks',
    'linkingsites',
    'linktext',
  ],
  majestic: [
    'trustflow',
    'citationflow',
    'sourcetrustflow',
    'sourcecitationflow',
    'targettrustflow',
    'flagnofollow',
    'flagredirect',
    'flagframe',
    'flagimages',
    'flagdeleted',
    'flagalttext',
    'flagmention',
    'firstindexeddate',
    'lastseendate',
    'topicaltrustflowtopic0',
    'alexarank',
  ],
  moz: [
    'spamscore',
    'domainauthority',
    'pageauthority',
    'datefirstseen',
    'datelastseen',
    'datelost',
    'rootdomain',
  ],
  semrush: [
    'pageascore',
    'domainascore',
    'ascore',
    'sourcetitle',
    'newlink',
    'lostlink',
    'sitewide',
    'frame',
    'form',
  ],
  ahrefs: [
    'domainrating',
    'urlrating',
    'dr',
    'ur',
    'referringpageurl',
    'referringpagetitle',
    'linkanchor',
    'textpre',
    'textpost',
    'leftcontext',
    'rightcontext',
    'dpcheck',
    'rpcheck',
    'domaintraffic',
    'linkeddomains',
    'lostdate',
    'intersect',
  ],
};

/** A column named after a site (a link intersect's target): `example.com`, `https://www.example.com/`. */
const SITE_HEADER = /^(https?:\/\/)?(\*\.)?([a-z0-9-]+\.)+[a-z]{2,}(:\d+)?(\/\S*)?$/i;

/** What the header row says about an export. */
export interface Recognition {
  tool: ExportTool;
  report: ExportReport;
  mapping: ColumnMapping;
}

function recogniseTool(keys: readonly string[]): ExportTool {
  let best: ExportTool = 'other';
  let bestVotes = 0;
  for (const [tool, signs] of Object.entries(TOOL_SIGNS) as [ExportTool, readonly string[]][]) {
    const votes = keys.filter((k) => signs.includes(k)).length;
    if (votes > bestVotes) {
      best = tool;
      bestVotes = votes;
    }
  }
  return best;
}

/** The columns a header set's names map to, by the tools' usual names (see FIELD_NAMES, METRIC_NAMES). */
export function mappingFromHeader(header: readonly string[], tool: ExportTool): ColumnMapping {
  const keys = header.map(headerKey);
  const fields: ColumnMapping['fields'] = {};
  for (const field of Object.keys(FIELD_NAMES) as LinkField[]) {
    // The first name in the list that a column bears wins, then the leftmost such column.
    for (const name of FIELD_NAMES[field]) {
      const index = keys.indexOf(name);
      if (index >= 0 && !Object.values(fields).includes(index)) {
        fields[field] = index;
        break;
      }
    }
  }
  // SpamZilla lists domains under "Name".
  if (tool === 'spamzilla' && fields.domain === undefined && keys.includes('name'))
    fields.domain = keys.indexOf('name');
  // Ahrefs' current exports write the link type (text, image…) under "Type"; rel is in its flags.
  if (fields.rel !== undefined && fields.nofollow !== undefined) delete fields.rel;
  const metrics: ColumnMapping['metrics'] = [];
  keys.forEach((key, column) => {
    const known = METRIC_NAMES.find((m) => m.keys.includes(key));
    const source =
      known?.source ?? (tool === 'other' || tool === 'gsc' || tool === 'spamzilla' ? null : tool);
    if (known && source && !metrics.some((m) => m.metric === known.metric && m.source === source))
      metrics.push({ column, source: source as MetricSource, metric: known.metric });
  });
  const targets = header
    .map((name, column) => ({ column, name: name.trim() }))
    .filter(({ name }) => SITE_HEADER.test(name))
    .map(({ column, name }) => ({ column, domain: targetDomain(name) }));
  return { fields, metrics, targets: targets.length >= 2 ? targets : [] };
}

/** A target column's site: `https://www.example.com/` → `example.com`. */
function targetDomain(name: string): string {
  const host = name
    .replace(/^https?:\/\//i, '')
    .replace(/^\*\./, '')
    .split(/[/:]/)[0]!;
  return host.toLowerCase().replace(/^www\./, '');
}

/** What a mapped export lists, from which fields it has. */
export function reportOf(tool: ExportTool, keys: readonly string[], mapping: ColumnMapping): ExportReport {
  const { fields } = mapping;
  if (mapping.targets.length >= 2) return 'link_intersect';
  if (fields.linkingPage !== undefined) {
    if (fields.targetUrl !== undefined || fields.anchor !== undefined) return 'backlinks';
    if (keys.includes('backlinks') && keys.includes('domains')) return 'indexed_pages';
    // Search Console's "Latest links" adds the day each linking page was last crawled.
    if (keys.includes('lastcrawled')) return 'latest_links';
    return 'linking_pages';
  }
  if (fields.domain !== undefined) {
    if (tool === 'gsc') return 'linking_sites';
    if (tool === 'spamzilla') return 'domain_list';
    // Semrush's outbound domains count "Links" from the site, its referring domains "Backlinks" to it.
    if (tool === 'semrush' && keys.includes('links') && !keys.includes('backlinks'))
      return 'outbound_domains';
    return 'referring_domains';
  }
  if (fields.anchor !== undefined) return 'anchors';
  if (fields.targetUrl !== undefined) return 'target_pages';
  return 'unknown';
}

/**
 * Recognises an export from its header row: the tool (by the column names only it writes), the
 * columns of each link field and metric, and the report. A file of no known tool is `other`; one
 * whose columns name no site and no linking page is `unknown` and needs a mapping by the user.
 */
export function recogniseHeader(header: readonly string[]): Recognition {
  const keys = header.map(headerKey);
  const tool = recogniseTool(keys);
  const mapping = mappingFromHeader(header, tool);
  return { tool, report: reportOf(tool, keys, mapping), mapping };
}

/** True when rows of this mapping name a site (by a domain column, a linking page or a target site). */
export const mappingNamesSites = (mapping: ColumnMapping) =>
  mapping.fields.domain !== undefined || mapping.fields.linkingPage !== undefined;

/** One key per header set (names compared as `headerKey`), for remembering a user's mapping. */
export const headerSetKey = (header: readonly string[]) => header.map(headerKey).join('|');
