import { describe, expect, it } from 'vitest';
import {
  cosine,
  inverseDocumentFrequencies,
  relevancePercent,
  termCounts,
  tfidfVector,
  tokenize,
  topTerms,
} from './relevance';

const doc = (text: string) => termCounts(tokenize(text));

describe('tokenize', () => {
  it('keeps topic words of 3+ letters and drops English and German stopwords', () => {
    expect(tokenize('The Bikes and the RIDERS of Köln, über die Räder! 42 a1 ok')).toEqual([
      'bikes',
      'riders',
      'köln',
      'räder',
    ]);
  });
});

describe('TF-IDF cosine', () => {
  it('gives the smoothed idf ln((1+N)/(1+df)) + 1', () => {
    const idf = inverseDocumentFrequencies([doc('bike wheel'), doc('bike chain'), doc('cake')]);
    expect(idf.get('bike')).toBeCloseTo(Math.log(4 / 3) + 1, 12);
    expect(idf.get('cake')).toBeCloseTo(Math.log(4 / 2) + 1, 12);
  });

  it('scores identical texts 100 % and disjoint texts 0 %', () => {
    const docs = [doc('bike wheel chain'), doc('bike wheel chain'), doc('cake flour sugar')];
    const idf = inverseDocumentFrequencies(docs);
    const [a, b, c] = docs.map((d) => tfidfVector(d, idf));
    expect(relevancePercent(cosine(a!, b!))).toBe(100);
    expect(relevancePercent(cosine(a!, c!))).toBe(0);
  });

  it('computes a known value on a tiny corpus', () => {
    // Corpus: d1 = bike bike wheel, d2 = bike cake, N = 2.
    // idf(bike) = ln(3/3)+1 = 1; idf(wheel) = idf(cake) = ln(3/2)+1 ≈ 1.405465.
    // v1 = {bike: (1+ln2)·1, wheel: 1.405465}, v2 = {bike: 1, cake: 1.405465}: cosine ≈ 0.4461.
    const d1 = doc('bike bike wheel');
    const d2 = doc('bike cake');
    const idf = inverseDocumentFrequencies([d1, d2]);
    const w = Math.log(1.5) + 1;
    const b1 = 1 + Math.log(2);
    const expected = b1 / (Math.sqrt(b1 * b1 + w * w) * Math.sqrt(1 + w * w));
    expect(cosine(tfidfVector(d1, idf), tfidfVector(d2, idf))).toBeCloseTo(expected, 12);
    expect(relevancePercent(expected)).toBe(Math.round(expected * 1000) / 10);
    expect(relevancePercent(expected)).toBe(44.6); // 1.6931 / (2.2005 · 1.7249)
  });

  it('is 0 for an empty text and lists the heaviest terms', () => {
    const idf = inverseDocumentFrequencies([doc('bike'), doc('cake')]);
    expect(cosine(tfidfVector(doc(''), idf), tfidfVector(doc('bike'), idf))).toBe(0);
    expect(topTerms(tfidfVector(doc('bike bike bike cake'), idf), 1)).toEqual(['bike']);
  });
});
