/* Muster: replay a matchup's sample battle move by move on its map (step, play, jump to a round).
   The frames come from the server (simulate/selectors.py replay_frames): each says, in words already
   translated, what happened, and which creatures moved, changed hit points, routed or left the map. */
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";

  function el(name, attrs) {
    var node = document.createElementNS(SVG, name);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    return node;
  }

  function setup(root) {
    var data = JSON.parse(document.getElementById(root.dataset.frames).textContent);
    var frames = data.frames, creatures = data.creatures;
    var svg = root.querySelector("svg.battle-map");
    var cell = Number(svg.dataset.cell) || 20;
    var layer = svg.querySelector(".map-pieces");
    var tokens = {};
    Object.keys(creatures).forEach(function (id) {
      var c = creatures[id], size = c.size || 1;
      var g = el("g", {"class": "piece piece-" + c.list, "data-creature": id});
      g.appendChild(el("rect", {x: 2, y: 2, width: size * cell - 4, height: size * cell - 4, rx: size * cell / 2}));
      var label = el("text", {x: size * cell / 2, y: size * cell / 2 + 4, "text-anchor": "middle"});
      label.textContent = id;
      g.appendChild(label);
      var tip = el("title", {});
      tip.textContent = c.name;
      g.appendChild(tip);
      g.style.display = "none";
      layer.appendChild(g);
      tokens[id] = {g: g, tip: tip};
    });
    var seek = root.querySelector("[data-act=seek]");
    var now = root.querySelector("[data-now]");
    var log = root.querySelector("[data-log]");
    var roster = root.querySelector("[data-roster]");
    var count = root.querySelector("[data-count]");
    var rounds = root.querySelector("[data-act=round]");
    var play = root.querySelector("[data-act=play]");
    var hp = root.dataset.hp || "hp";  // "hp" in the page's language
    var current = 0, timer = null;

    function stateAt(k) {
      var s = {at: {}, hp: {}, gone: {}, routing: {}, focus: []};
      Object.keys(creatures).forEach(function (id) { s.hp[id] = creatures[id].hp; });
      for (var i = 0; i <= k && i < frames.length; i++) {
        var f = frames[i];
        Object.keys(f.at || {}).forEach(function (id) { s.at[id] = f.at[id]; });
        Object.keys(f.hp || {}).forEach(function (id) { s.hp[id] = f.hp[id]; });
        (f.gone || []).forEach(function (id) { s.gone[id] = true; });
        (f.routing || []).forEach(function (id) { s.routing[id] = true; });
        (f.rallied || []).forEach(function (id) { delete s.routing[id]; });
      }
      s.focus = (frames[k] && frames[k].focus) || [];
      return s;
    }

    function show(k) {
      current = Math.max(0, Math.min(frames.length - 1, k));
      var s = stateAt(current);
      Object.keys(tokens).forEach(function (id) {
        var t = tokens[id], pos = s.at[id];
        var visible = pos && !s.gone[id];
        t.g.style.display = visible ? "" : "none";
        if (visible) t.g.setAttribute("transform", "translate(" + pos[0] * cell + "," + pos[1] * cell + ")");
        t.g.classList.toggle("piece-focus", s.focus.indexOf(id) >= 0);
        t.g.classList.toggle("piece-routing", !!s.routing[id]);
        t.tip.textContent = creatures[id].name + " (" + id + "): " + s.hp[id] + " " + hp;
      });
      now.textContent = frames[current] ? frames[current].text : "";
      log.textContent = "";
      for (var i = Math.max(0, current - 7); i <= current; i++) {
        var li = document.createElement("li");
        li.textContent = frames[i].text;
        if (i === current) li.className = "current";
        log.appendChild(li);
      }
      roster.textContent = "";
      Object.keys(creatures).forEach(function (id) {
        var li = document.createElement("li");
        li.className = "side-" + creatures[id].list + (s.gone[id] ? " gone" : "") + (s.routing[id] ? " routing" : "");
        li.setAttribute("translate", "no");
        li.textContent = id + " " + creatures[id].name + ": " + (s.gone[id] ? "—" : s.hp[id] + " " + hp);
        roster.appendChild(li);
      });
      seek.value = String(current);
      count.textContent = (current + 1) + " / " + frames.length;
      var round = frames[current] ? frames[current].round : 0;
      Array.prototype.forEach.call(rounds.options, function (o) {
        if (o.textContent === String(round)) rounds.value = o.value;
      });
    }

    function stop() {
      if (timer) { clearInterval(timer); timer = null; }
      play.textContent = play.dataset.play;
    }

    root.addEventListener("click", function (e) {
      var act = e.target.closest("[data-act]");
      if (!act) return;
      switch (act.dataset.act) {
        case "first": stop(); show(0); break;
        case "prev": stop(); show(current - 1); break;
        case "next": stop(); show(current + 1); break;
        case "last": stop(); show(frames.length - 1); break;
        case "play":
          if (timer) { stop(); break; }
          if (current >= frames.length - 1) show(0);
          play.textContent = play.dataset.pause;
          timer = setInterval(function () {
            if (current >= frames.length - 1) { stop(); return; }
            show(current + 1);
          }, 400);
          break;
      }
    });
    rounds.addEventListener("change", function () { stop(); show(Number(rounds.value)); });
    seek.addEventListener("input", function () { stop(); show(Number(seek.value)); });
    root.addEventListener("keydown", function (e) {
      if (e.target.tagName === "SELECT" || e.target.tagName === "INPUT") return;
      if (e.key === "ArrowRight") { stop(); show(current + 1); }
      if (e.key === "ArrowLeft") { stop(); show(current - 1); }
    });
    show(0);
    root.dataset.ready = "true";
  }

  document.querySelectorAll("[data-replay]").forEach(setup);
})();
