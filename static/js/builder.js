/* The builder and shared-list pages. Every page works without this file (each change is then a form
   post and a new page); it adds: focus kept where it was after a change, "/" to search, copy buttons,
   the print button, the private edit link's token read from the URL fragment, and the unsaved draft
   kept in this browser so a closed tab does not lose it. */
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  function ready(fn) {
    if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn);
  }

  /* ---- the private edit link: /lists/<id>/edit/#token=… --------------------------------------- */
  /* The token is in the fragment, which browsers never send to a server. Post it once, with the CSRF
     token, and take it out of the address bar and the history. */
  ready(function () {
    var form = document.getElementById("edit-token-form");
    var match = /(?:^#|&)token=([A-Za-z0-9_-]{8,100})/.exec(window.location.hash);
    if (!form || !match) return;
    history.replaceState(null, "", window.location.pathname + window.location.search);
    form.querySelector("input[name=token]").value = match[1];
    form.submit();
  });

  /* ---- copy and print buttons ------------------------------------------------------------------ */
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy]");
    if (button) {
      var field = document.getElementById(button.getAttribute("data-copy"));
      if (!field) return;
      var text = field.value !== undefined ? field.value : field.textContent;
      var done = function () {
        button.dataset.label = button.dataset.label || button.textContent;
        button.textContent = "✓";
        setTimeout(function () { button.textContent = button.dataset.label; }, 1500);
      };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).then(done, function () { field.select(); });
      } else {
        field.select();
        try { document.execCommand("copy"); done(); } catch (e) { /* the text stays selected */ }
      }
      return;
    }
    if (event.target.closest("[data-print]")) window.print();
  });

  /* ---- the builder ----------------------------------------------------------------------------- */
  ready(function () {
    var builder = document.getElementById("builder");
    if (!builder) return;
    var game = builder.getAttribute("data-game");
    var key = "muster-draft-" + game;
    var lastFocus = null;

    /* "/" jumps to the catalogue search (unless typing somewhere). */
    document.addEventListener("keydown", function (event) {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
      var tag = (document.activeElement && document.activeElement.tagName) || "";
      if (/^(INPUT|TEXTAREA|SELECT)$/.test(tag)) return;
      var search = document.getElementById("id_c-search");
      if (search) { event.preventDefault(); search.focus(); }
    });

    /* Keep focus where it was: htmx restores it by id; when the element is gone (a removed entry),
       focus the list's heading so keyboard users are not thrown to the top of the page. */
    document.body.addEventListener("htmx:beforeRequest", function () {
      lastFocus = document.activeElement && document.activeElement.id;
    });
    document.body.addEventListener("htmx:afterSettle", function () {
      var active = document.activeElement;
      if (active && active !== document.body) return;
      var again = lastFocus && document.getElementById(lastFocus);
      (again || document.getElementById("list-h") || document.body).focus();
    });

    /* Post the list with one action (the same as pressing one of the page's buttons). */
    function post(op) {
      /* A hidden field, not a submitter: htmx gathers the form's fields when the form is submitted, and
         a button only counts when it was clicked. */
      var field = document.createElement("input");
      field.type = "hidden"; field.name = "op"; field.value = op;
      builder.appendChild(field);
      if (builder.requestSubmit) builder.requestSubmit(); else builder.submit();
      builder.removeChild(field);
    }
    /* A list brought back whole (a kept draft, undo, redo, Back): the server takes it as it is, its name,
       faction and format with it, not the fields the page still shows. */
    function bringBack(json) {
      documentField().value = json;
      post("restore");
    }

    /* ---- undo and redo: the last changes of this page, kept in this tab ---------------------------- */
    var past = [], future = [], moving = false;
    function remember() {
      var now = documentField().value;
      if (moving) { moving = false; }
      else if (past.length && past[past.length - 1] !== now) { past.push(now); future = []; }
      if (!past.length) past.push(now);
      if (past.length > 50) past.shift();
      var undo = document.getElementById("undo"), redo = document.getElementById("redo");
      if (undo) undo.disabled = past.length < 2;
      if (redo) redo.disabled = !future.length;
      /* Back and Forward come back to this list as it was, not as the page was first served. */
      try { history.replaceState({muster: now}, ""); } catch (e) { /* a state too large: ignore */ }
    }
    function undo() {
      if (past.length < 2) return;
      future.push(past.pop());
      moving = true;
      bringBack(past[past.length - 1]);
    }
    function redo() {
      if (!future.length) return;
      var next = future.pop();
      past.push(next);
      moving = true;
      bringBack(next);
    }
    /* Back (or Forward) to this page after leaving it: the browser serves the page as it first came, but
       this tab's history entry holds the list as it was left; bring that back. */
    var left = history.state && history.state.muster;
    var returning = Boolean(left && left !== documentField().value);
    if (returning) bringBack(left); else remember();
    document.body.addEventListener("htmx:afterSettle", remember);
    var tools = document.getElementById("undo-redo");
    if (tools) {
      tools.hidden = false;
      document.getElementById("undo").addEventListener("click", undo);
      document.getElementById("redo").addEventListener("click", redo);
    }
    document.addEventListener("keydown", function (event) {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== "z" &&
          event.key.toLowerCase() !== "y") return;
      var tag = (document.activeElement && document.activeElement.tagName) || "";
      if (/^(INPUT|TEXTAREA)$/.test(tag) && document.activeElement.type !== "checkbox") return;
      event.preventDefault();
      if (event.key.toLowerCase() === "y" || event.shiftKey) redo(); else undo();
    });

    /* ---- the search box: arrows choose a result, Enter adds it ------------------------------------ */
    var chosen = -1;
    function results() {
      return Array.prototype.slice.call(document.querySelectorAll("#catalogue-results li.cat-row"));
    }
    function choose(index) {
      var rows = results();
      rows.forEach(function (row) { row.classList.remove("chosen"); row.removeAttribute("aria-selected"); });
      if (!rows.length) { chosen = -1; return; }
      chosen = Math.max(0, Math.min(index, rows.length - 1));
      rows[chosen].classList.add("chosen");
      rows[chosen].setAttribute("aria-selected", "true");
      rows[chosen].scrollIntoView({block: "nearest"});
    }
    document.body.addEventListener("htmx:afterSettle", function (event) {
      if (event.target && event.target.id === "catalogue-results") choose(0);
    });
    var search = document.getElementById("id_c-search");
    if (search) {
      search.addEventListener("keydown", function (event) {
        if (event.key === "ArrowDown" || event.key === "ArrowUp") {
          event.preventDefault();
          choose(chosen + (event.key === "ArrowDown" ? 1 : -1));
        } else if (event.key === "Enter") {
          event.preventDefault();
          var rows = results();
          var row = rows[chosen >= 0 ? chosen : 0];
          var add = row && row.querySelector("button.add");
          if (add) add.click();
        }
      });
    }

    /* The unsaved draft is kept in this browser (localStorage), never sent anywhere else. */
    function documentField() { return builder.querySelector("input[name=document]"); }
    function hasCards(doc) {
      return ["entries", "orders", "commanders"].some(function (k) { return doc[k] && doc[k].length; }) ||
        (doc.plan && doc.plan.entries && doc.plan.entries.length);
    }
    function keep() {
      if (builder.hasAttribute("data-saved")) return;
      var field = documentField();
      try {
        var doc = JSON.parse(field.value);
        if (hasCards(doc)) localStorage.setItem(key, field.value); else localStorage.removeItem(key);
      } catch (e) { /* storage full or off: nothing to keep */ }
    }
    document.body.addEventListener("htmx:afterSettle", keep);
    builder.addEventListener("click", function (event) {
      if (event.target.closest("#new-list")) { try { localStorage.removeItem(key); } catch (e) { /* ignore */ } }
    });
    if (builder.hasAttribute("data-saved")) {
      try { localStorage.removeItem(key); } catch (e) { /* ignore */ }
    } else {
      var stored = null;
      try { stored = localStorage.getItem(key); } catch (e) { stored = null; }
      var current = documentField();
      var restore = document.getElementById("restore-draft");
      if (stored && restore && current) {
        try {
          var adding = builder.getAttribute("data-add");
          if (adding && hasCards(JSON.parse(stored))) {
            /* "Add to my list" on a card's page: the card joins the list being built here. */
            documentField().value = stored;
            post("whole:add:" + adding);
          } else if (!returning && !hasCards(JSON.parse(current.value)) && hasCards(JSON.parse(stored))) {
            restore.parentNode.hidden = false;
            restore.addEventListener("click", function () {
              restore.parentNode.hidden = true;
              bringBack(stored);
            });
          }
        } catch (e) { /* a damaged draft: ignore it */ }
      }
    }
  });
})();
