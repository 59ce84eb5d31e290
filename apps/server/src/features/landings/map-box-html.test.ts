import { describe, expect, it } from 'vitest';
import { mapBoxHtml, NO_CENTRES_TEXT } from './map-box-html.ts';

describe('the map element as served', () => {
  const located = { name: 'Centro <Sur>', address: 'Av. 2 & calle 5', lat: 9.9, lng: -84.1 };

  it('reserves the map’s box only when the map is on and some centre has a position', () => {
    expect(mapBoxHtml([located], true)).toContain('class="lp-map-canvas"');
    expect(mapBoxHtml([located], false)).not.toContain('lp-map-canvas');
    expect(mapBoxHtml([{ name: 'Sin ubicación' }], true)).not.toContain('lp-map-canvas');
  });

  it('lists the centres with their names and addresses escaped', () => {
    const html = mapBoxHtml([located, { name: 'Norte' }], true);
    expect(html).toContain('<li><strong>Centro &lt;Sur&gt;</strong><br>Av. 2 &amp; calle 5</li>');
    expect(html).toContain('<li><strong>Norte</strong></li>');
    expect(html).toContain('data-near');
  });

  it('says there are no centres, without a sorting button', () => {
    const html = mapBoxHtml([], true);
    expect(html).toContain(NO_CENTRES_TEXT);
    expect(html).not.toContain('data-near');
  });
});
