// Fetch the translations of the stored (or ?lng=) language while the scripts load (i18n reads them).
// A file of its own: the Content-Security-Policy allows no inline script.
(function () {
  try {
    var lng = localStorage.getItem('i18nextLng') || new URLSearchParams(location.search).get('lng') || 'vi';
    var link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'fetch';
    link.crossOrigin = 'anonymous';
    link.href = '/locales/' + (/^en/.test(lng) ? 'en' : 'vi') + '/translation.json';
    document.head.appendChild(link);
  } catch {
    // storage or the address unreadable: the translations load with the scripts instead
  }
})();
