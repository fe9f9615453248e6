import { describe, expect, it } from 'vitest';
import { ownText } from './quote';

const own = 'Thanks, sounds good.';

describe('ownText: the reply without the quoted original', () => {
  it.each([
    ['> quoted lines', `${own}\n\n> Unsubscribe here`],
    [
      'Gmail attribution',
      `${own}\n\nOn Mon, 23 Nov 2026 at 09:00, Grace <grace@sender.example> wrote:\nUnsubscribe here`,
    ],
    [
      'Gmail attribution wrapped over two lines',
      `${own}\n\nOn Mon, 23 Nov 2026 at 09:00, Grace Hopper <grace@sender.example>\nwrote:\nUnsubscribe here`,
    ],
    [
      'German attribution',
      `${own}\n\nAm 23.11.2026 um 09:00 schrieb Grace Hopper <grace@sender.example>:\nAbmelden`,
    ],
    [
      'French attribution',
      `${own}\n\nLe lun. 23 nov. 2026 à 09:00, Grace <grace@sender.example> a écrit :\nDésinscription`,
    ],
    [
      'Spanish attribution',
      `${own}\n\nEl lun, 23 nov 2026 a las 9:00, Grace (<grace@sender.example>) escribió:\nBaja`,
    ],
    ['Outlook separator line', `${own}\n\n-----Original Message-----\nUnsubscribe here`],
    ['German Outlook separator', `${own}\n\n-----Ursprüngliche Nachricht-----\nAbmelden`],
    ['underscore separator', `${own}\n\n________________________________\nUnsubscribe here`],
    [
      'Outlook header block',
      `${own}\n\nFrom: Grace Hopper <grace@sender.example>\nSent: Monday, November 23, 2026 9:00 AM\nTo: Anna\nSubject: Idea\n\nUnsubscribe here`,
    ],
    [
      'German Outlook header block',
      `${own}\n\nVon: Grace Hopper <grace@sender.example>\nGesendet: Montag, 23. November 2026 09:00\nAn: Anna\nBetreff: Idee\n\nAbmelden`,
    ],
    [
      'French Outlook header block',
      `${own}\n\nDe : Grace Hopper <grace@sender.example>\nEnvoyé : lundi 23 novembre 2026 09:00\nÀ : Anna\nObjet : Idée\n\nDésinscription`,
    ],
    [
      'Italian Outlook header block',
      `${own}\n\nDa: Grace Hopper <grace@sender.example>\nInviato: lunedì 23 novembre 2026 09:00\nA: Anna\nOggetto: Idea\n\nDisiscriviti`,
    ],
    [
      'Spanish Outlook header block',
      `${own}\n\nDe: Grace Hopper <grace@sender.example>\nEnviado: lunes, 23 de noviembre de 2026 9:00\nPara: Anna\nAsunto: Idea\n\nBaja`,
    ],
    [
      'mobile signature',
      `${own}\n\nSent from my iPhone\n\nOn 23 Nov 2026, at 09:00, Grace wrote:\nUnsubscribe here`,
    ],
  ])('cuts at the %s', (_form, text) => {
    expect(ownText(text).trim()).toBe(own);
  });

  it('keeps a whole message that quotes nothing', () => {
    const text =
      'Hi Grace,\n\nFrom: the team at blog.example — we accept guest posts.\nOn Monday we publish.';
    expect(ownText(text)).toBe(text);
  });

  it('handles CRLF line ends', () => {
    expect(ownText(`${own}\r\n\r\n> Unsubscribe`).trim()).toBe(own);
  });
});
