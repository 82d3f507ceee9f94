import { photoSrc, thumbnailSrc } from './photo-src';

describe('photoSrc', () => {
  it("adds the record's last change as ?t= so a replaced photo is fetched again", () => {
    const at = '2025-03-09T10:00:00.000Z';
    expect(photoSrc({ photoUrl: '/api/beneficiaries/KCF-000001/photo', updatedAt: at })).toBe(
      `/api/beneficiaries/KCF-000001/photo?t=${Date.parse(at)}`,
    );
    expect(photoSrc({ photoUrl: '/api/gifts/7/photo?size=small', updatedAt: at })).toBe(
      `/api/gifts/7/photo?size=small&t=${Date.parse(at)}`,
    );
  });

  it('leaves a stamped URL alone and gives null without a photo', () => {
    expect(photoSrc({ photoUrl: '/x/photo?t=5', updatedAt: '2025-01-01T00:00:00.000Z' })).toBe('/x/photo?t=5');
    expect(photoSrc({ photoUrl: null, updatedAt: '2025-01-01T00:00:00.000Z' })).toBeNull();
    expect(photoSrc(null)).toBeNull();
  });
});

describe('thumbnailSrc', () => {
  const child = {
    photoUrl: '/api/beneficiaries/KCF-000001/photo',
    photoThumbnailUrl: '/api/beneficiaries/KCF-000001/photo/thumbnail',
  };

  it('gives the thumbnail, stamped with the last change when it is known', () => {
    expect(thumbnailSrc({ ...child, updatedAt: '2026-03-02T08:00:00.000Z' })).toBe(
      `/api/beneficiaries/KCF-000001/photo/thumbnail?t=${Date.parse('2026-03-02T08:00:00.000Z')}`,
    );
    expect(thumbnailSrc(child)).toBe('/api/beneficiaries/KCF-000001/photo/thumbnail');
  });

  it('falls back to the photo from a service that sends no thumbnail, and gives nothing without a photo', () => {
    expect(thumbnailSrc({ photoUrl: child.photoUrl })).toBe(child.photoUrl);
    expect(thumbnailSrc({ photoUrl: null, photoThumbnailUrl: null })).toBeNull();
    expect(thumbnailSrc(null)).toBeNull();
  });
});
