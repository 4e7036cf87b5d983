"""The site's one style sheet and its one script (the players' search box): inline in
every page (the server's CSP allows the script by its hash, faces/web/server.py)."""

from __future__ import annotations

# phone first: 16 px text, every link a 44 px touch target, the phone's dark mode followed
CSS = (
    ":root{color-scheme:light dark;--fg:#111;--bg:#fff;--alt:#f3f3f3;--line:#ddd;"
    "--link:#0645ad;--dim:#555;--hi:#fff6cc}"
    "@media (prefers-color-scheme:dark){:root{--fg:#eee;--bg:#121212;--alt:#1e1e1e;"
    "--line:#333;--link:#8ab4f8;--dim:#aaa;--hi:#3a3300}}"
    "body{font:16px/1.25 system-ui,sans-serif;margin:0;padding:.5em;max-width:48em;"
    "color:var(--fg);background:var(--bg)}h1{font-size:1.25em;margin:.2em 0}"
    "h2{font-size:1.1em;margin:.6em 0 .3em}table{border-collapse:collapse;width:100%}"
    "td,th{padding:0 .3em;border-bottom:1px solid var(--line);text-align:left}"
    "th{padding:.3em}td.n,th.n{text-align:right}td.r{text-align:center;white-space:nowrap}td.c{text-align:center}td.n{white-space:nowrap}"
    # a name wraps, even inside one long word, rather than push a column off a phone (390 px)
    "td.p{overflow-wrap:anywhere;min-width:4.5em}"
    "tr:nth-child(even){background:var(--alt)}a{color:var(--link)}"
    "td a{display:inline-flex;align-items:center;min-height:44px}"
    "nav{display:flex;flex-wrap:wrap;gap:.3em;margin:.3em 0}"
    "nav a{display:inline-flex;align-items:center;justify-content:center;min-height:44px;"
    "min-width:44px;padding:0 .7em;box-sizing:border-box;border:1px solid var(--line);"
    "border-radius:6px;text-decoration:none}nav a.on{font-weight:bold;border-color:var(--fg)}"
    ".m{color:var(--dim);font-size:.9em}.x{overflow-x:auto}.top{display:flex;"
    "justify-content:space-between;align-items:center;gap:.5em}.top a{min-height:44px;"
    "display:inline-flex;align-items:center}"
    ".me{background:var(--hi);border:1px solid var(--line);border-radius:6px;padding:.5em;"
    "margin:.5em 0;font-size:1.1em}li a{display:inline-flex;align-items:center;min-height:44px}.me a{display:inline-flex;align-items:center;min-height:44px}dl{font-size:.9em}dt{font-weight:bold;float:left;"
    "margin-right:.4em}dd{margin:0 0 .2em}abbr{text-decoration:none}"
    "input[type=search]{font:inherit;min-height:44px;width:100%;box-sizing:border-box;"
    "padding:0 .5em}.sum{font-weight:bold}.lg a{display:inline-flex;align-items:center;"
    "min-height:44px;padding:0 .3em}"
)


# the search box of « Joueurs »: accents and case folded as fold() does, typed words in order
SEARCH_SCRIPT = (
    "(function(){var q=document.getElementById('q'),li=document.querySelectorAll("
    "'#joueurs li');function f(s){return s.normalize('NFD').replace(/[\\u0300-\\u036f]/g,'')"
    ".replace(/[œŒ]/g,'oe').replace(/[æÆ]/g,'ae').replace(/[łŁ]/g,'l').toLowerCase()}"
    "q.addEventListener('input',function(){var w=f(q.value).split(/\\s+/).filter(Boolean);"
    "li.forEach(function(e){var k=e.getAttribute('data-k');e.hidden=!w.every("
    "function(x){return k.indexOf(x)>=0})})})})();"
)
