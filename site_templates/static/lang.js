// Language choice. On the root page (html[data-languages]): go to the language the visitor
// chose before, else the first of navigator.languages the site has, else the first listed.
// On every page: remember a language picked in the switcher.
(function () {
  "use strict";
  var KEY = "ginrummy.lang";

  function remembered() {
    try { return window.localStorage.getItem(KEY); } catch (e) { return null; }
  }

  function remember(code) {
    try { window.localStorage.setItem(KEY, code); } catch (e) { /* private mode: no memory */ }
  }

  function pick(available) {
    var saved = remembered();
    if (saved && available.indexOf(saved) >= 0) { return saved; }
    var wanted = navigator.languages || [navigator.language || ""];
    for (var i = 0; i < wanted.length; i++) {
      var tag = String(wanted[i]).replace("-", "_");
      var base = tag.split("_")[0].toLowerCase();
      for (var j = 0; j < available.length; j++) {
        if (available[j].toLowerCase() === tag.toLowerCase()) { return available[j]; }
      }
      for (var k = 0; k < available.length; k++) {
        if (available[k].split("_")[0].toLowerCase() === base) { return available[k]; }
      }
    }
    return available[0];
  }

  var list = document.documentElement.getAttribute("data-languages");
  if (list) {
    // Keep the hash: a shared link like /#seed=123 must reach the game.
    // Opened as a file, a folder's address shows its listing, not its index page.
    var index = window.location.protocol === "file:" ? "/index.html" : "/";
    window.location.replace(pick(list.split(" ")) + index + window.location.hash);
    return;
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-lang]");
    if (link) { remember(link.getAttribute("data-lang")); }
  });
}());
