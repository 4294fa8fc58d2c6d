// Fetch the translations of the stored (or ?lng=) language while the scripts load (i18n reads them), keep the
// stored language in a cookie too (the gateway sends the page of /login in that language), and make sure the
// static sign-in form of index.html is shown on /login only, in the stored language.
// A file of its own, loaded async: the Content-Security-Policy allows no inline script, and nothing may wait
// for it before the first paint (the gateway's page of /login is already marked and in the cookie's language).
(function () {
  var lng = 'vi';
  var stored = null;
  try {
    stored = localStorage.getItem('i18nextLng');
    lng = /^en/.test(stored || new URLSearchParams(location.search).get('lng') || 'vi') ? 'en' : 'vi';
    if (stored && document.cookie.indexOf('i18nextLng=' + lng) < 0) {
      document.cookie = 'i18nextLng=' + lng + '; path=/; max-age=31536000; SameSite=Lax' + (location.protocol === 'https:' ? '; Secure' : '');
    }
    var href = '/locales/' + lng + '/translation.json';
    if (!document.querySelector('link[rel="preload"][href="' + href + '"]')) {
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'fetch';
      link.crossOrigin = 'anonymous';
      link.href = href;
      document.head.appendChild(link);
    }
  } catch {
    // storage or the address unreadable: the translations load with the scripts instead
  }
  var root = document.documentElement;
  if (location.pathname !== '/login') return;
  // already taken over by the React page (which removes the form and the mark): nothing to do
  if (document.readyState !== 'loading' && !document.getElementById('boot-login')) return;
  root.setAttribute('data-boot', 'login');
  if (root.lang === lng) return;
  root.lang = lng;
  // the placeholders of the static form in that language, once it is parsed
  var swap = function () {
    var inputs = document.querySelectorAll('[data-boot-' + lng + '-placeholder]');
    for (var i = 0; i < inputs.length; i++) inputs[i].setAttribute('placeholder', inputs[i].getAttribute('data-boot-' + lng + '-placeholder'));
  };
  if (document.readyState === 'loading') document.addEventListener('readystatechange', swap, { once: true });
  else swap();
})();
