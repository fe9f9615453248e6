import type { Attachment } from 'mailparser';
import { describe, expect, it } from 'vitest';
import type { AttachmentStorage } from './attachment-storage';
import {
  htmlPart,
  listedAttachments,
  referencesOf,
  replyText,
  safeFilename,
  storeAttachments,
} from './inbound-content';

const file = (over: Partial<Attachment>): Attachment =>
  ({
    type: 'attachment',
    content: Buffer.from('data'),
    contentType: 'application/pdf',
    contentDisposition: 'attachment',
    related: false,
    size: 4,
    ...over,
  }) as Attachment;

/** A storage in memory; `failing` refuses every save. */
function memoryStorage(failing = false) {
  const files = new Map<string, Buffer>();
  const storage: AttachmentStorage = {
    async save(key, data) {
      if (failing) throw new Error('disk full');
      files.set(key, data);
    },
    async open() {
      return null;
    },
    async remove(key) {
      files.delete(key);
    },
  };
  return { storage, files };
}

describe('replyText', () => {
  it('cuts the quoted history off their words, without NUL characters', () => {
    expect(
      replyText('Yes, send it.\u0000\n\nOn Mon, 23 Nov 2026 at 09:00, Grace <g@x.example> wrote:\n> Hi'),
    ).toEqual({
      own: 'Yes, send it.\n',
      quoted: 'On Mon, 23 Nov 2026 at 09:00, Grace <g@x.example> wrote:\n> Hi',
    });
    expect(replyText('No quote here.')).toEqual({ own: 'No quote here.', quoted: '' });
  });
});

describe('htmlPart', () => {
  it('keeps the HTML as received up to 1,000,000 characters, none beyond', () => {
    expect(htmlPart({ html: '<p>a\u0000b</p>' })).toBe('<p>ab</p>');
    expect(htmlPart({ html: false })).toBeNull();
    expect(htmlPart({ html: 'x'.repeat(1_000_001) })).toBeNull();
  });
});

describe('referencesOf', () => {
  it('lists References then In-Reply-To when missing, in brackets and without repeats', () => {
    expect(referencesOf({ references: ['<a@x>', '<b@x>'], inReplyTo: '<c@x>' })).toEqual([
      '<a@x>',
      '<b@x>',
      '<c@x>',
    ]);
    expect(referencesOf({ references: '<a@x>', inReplyTo: '<a@x>' })).toEqual(['<a@x>']);
    expect(referencesOf({ references: 'bare@x', inReplyTo: undefined })).toEqual(['<bare@x>']);
    expect(referencesOf({ references: undefined, inReplyTo: undefined })).toEqual([]);
  });

  it('keeps the thread’s first id and the latest ones of a long chain, and no id over 998 characters', () => {
    const ids = Array.from({ length: 60 }, (_, i) => `<m${i}@x>`);
    const kept = referencesOf({ references: [...ids, `<${'y'.repeat(1000)}@x>`], inReplyTo: undefined });
    expect(kept).toHaveLength(50);
    expect(kept[0]).toBe('<m0@x>');
    expect(kept[1]).toBe('<m11@x>');
    expect(kept.at(-1)).toBe('<m59@x>');
  });
});

describe('safeFilename', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\a\\report.pdf', 'report.pdf'],
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['line\r\nbreak.txt', 'linebreak.txt'],
    ['', 'attachment'],
    [undefined, 'attachment'],
    ['..', 'attachment'],
    ['Angebot – März.pdf', 'Angebot – März.pdf'],
  ])('%j → %j', (name, safe) => expect(safeFilename(name)).toBe(safe));

  it('cuts a long name at 200 characters, keeping its extension', () => {
    const name = safeFilename(`${'a'.repeat(300)}.docx`);
    expect(name).toHaveLength(200);
    expect(name.endsWith('a.docx')).toBe(true);
  });
});

describe('listedAttachments and storeAttachments', () => {
  const mail = {
    attachments: [
      file({ filename: 'offer.pdf' }),
      file({ filename: 'logo.png', contentType: 'image/png', contentDisposition: 'inline', related: true }),
      file({ filename: 'photo.jpg', contentType: 'image/jpeg', contentDisposition: 'inline' }),
      file({ filename: undefined, contentType: 'text/plain' }),
      file({ filename: 'big.zip', contentType: 'Application/ZIP', content: Buffer.alloc(100), size: 100 }),
      file({ filename: 'odd', contentType: 'not a type' }),
    ],
  };

  it('lists files given as attachments and named parts, not the images of the HTML body', () => {
    expect(listedAttachments(mail).map((a) => a.filename ?? '(none)')).toEqual([
      'offer.pdf',
      'photo.jpg',
      '(none)',
      'big.zip',
      'odd',
    ]);
  });

  it('keeps files up to the limit and lists the larger ones without content', async () => {
    const { storage, files } = memoryStorage();
    const { records, keys } = await storeAttachments(storage, mail, 50);
    expect(records).toEqual([
      {
        filename: 'offer.pdf',
        contentType: 'application/pdf',
        size: 4,
        storageKey: expect.stringMatching(/^[a-f0-9]{32}$/),
      },
      { filename: 'photo.jpg', contentType: 'image/jpeg', size: 4, storageKey: expect.any(String) },
      { filename: 'attachment', contentType: 'text/plain', size: 4, storageKey: expect.any(String) },
      { filename: 'big.zip', contentType: 'application/zip', size: 100, storageKey: null },
      { filename: 'odd', contentType: 'application/octet-stream', size: 4, storageKey: expect.any(String) },
    ]);
    expect(keys).toHaveLength(4);
    expect([...files.keys()].sort()).toEqual([...keys].sort());
  });

  it('lists a file the storage refuses without content instead of failing the message', async () => {
    const { storage } = memoryStorage(true);
    const { records, keys } = await storeAttachments(
      storage,
      { attachments: [file({ filename: 'a.pdf' })] },
      50,
    );
    expect(records).toEqual([
      { filename: 'a.pdf', contentType: 'application/pdf', size: 4, storageKey: null },
    ]);
    expect(keys).toEqual([]);
  });
});
