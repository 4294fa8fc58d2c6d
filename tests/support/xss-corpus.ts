/** Hostile HTML every rich-text body (news, tours) must come out of without anything that could run. */
export const XSS_CORPUS = [
  '<p>Giá vé tốt</p><script>alert("x")</script>',
  '<img src="x" onerror="alert(1)">',
  '<a href="javascript:alert(1)">bấm</a>',
  '<a href="JaVaScRiPt&#58;alert(1)">bấm</a>',
  '<svg onload="alert(1)"><circle r="1"/></svg>',
  '<p onclick="steal()" style="background:url(javascript:alert(1))">x</p>',
  '<iframe src="https://evil.example"></iframe>',
  '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">',
].join('');

/** What must not be found, lower-cased, in a sanitised body. */
export const XSS_MARKERS = ['<script', 'onerror', 'onload', 'onclick', 'javascript', '<svg', '<iframe', 'style=', 'data:'] as const;
