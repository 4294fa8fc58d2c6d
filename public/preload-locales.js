// Fetch the translations of the stored (or ?lng=) language while the scripts load (i18n reads them), and
// prepare the static sign-in form of index.html: shown on /login only, in the stored language.
// A file of its own: the Content-Security-Policy allows no inline script.
(function () {
  var lng = 'vi';
  try {
    lng = /^en/.test(localStorage.getItem('i18nextLng') || new URLSearchParams(location.search).get('lng') || 'vi') ? 'en' : 'vi';
    var link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'fetch';
    link.crossOrigin = 'anonymous';
    link.href = '/locales/' + lng + '/translation.json';
    document.head.appendChild(link);
  } catch {
    // storage or the address unreadable: the translations load with the scripts instead
  }
  var root = document.documentElement;
  if (location.pathname !== '/login') return;
  root.setAttribute('data-boot', 'login');
  root.lang = lng;
  if (lng === 'vi') return;
  // the placeholders of the static form: the English ones, once it is parsed (before the first paint)
  var swap = function () {
    var inputs = document.querySelectorAll('[data-boot-en-placeholder]');
    for (var i = 0; i < inputs.length; i++) inputs[i].setAttribute('placeholder', inputs[i].getAttribute('data-boot-en-placeholder'));
  };
  if (document.readyState === 'loading') document.addEventListener('readystatechange', swap, { once: true });
  else swap();
})();
