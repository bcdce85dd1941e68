// The parallel DOM (ui/access.h): a real, visually hidden element for each of the widget's
// controls, which the wasm lists on every change (Module.onControls), and the keys that reach the
// widget through them or its canvas. An Emscripten JS library (--js-library): each entry becomes a
// function the C++ declares in platform/web_library.h; `_attn_*` are the wasm's exports.
mergeInto(LibraryManager.library, {
  attn_js_access_install__deps: ['$attnModifiers'],
  attn_js_access_install: function() {
    var canvas = Module["canvas"];
    var area = canvas.parentElement || canvas;
    var mods = attnModifiers;
    // The parallel DOM (ui/access.h): a real, visually hidden element for each control, laid over
    // the control's place on the canvas (where a screen reader draws its cursor), with its role,
    // name and value. They are the widget's tab stops: the browser's Tab moves between them and out
    // of the widget. DOM focus and ImGui's focus follow each other; keys on an element reach ImGui as
    // the canvas's do, but a slider's arrow keys, Page Up and Down, Home and End step the slider.
    // Before the canvas: from the canvas (focused by a pointer), Escape, then Tab, leaves the widget.
    var layer = document.createElement("div");
    layer.style.cssText = "position:absolute;left:0;top:0;width:100%;height:0";
    area.insertBefore(layer, canvas);
    var ROLES = ["button", "checkbox", "radio", "slider", "textbox", "button", "gridcell", "img"];
    var controls = {};  // the element of each control, by its ImGui id
    var grid = null;    // the cells' grid (the Mask scene's weights), with a row element per row
    var syncing = 0;    // the id whose element is being focused to follow ImGui: no call back
    var follow = function(element) {
      if (!element || document.activeElement === element) return;
      syncing = element.attnId;
      element.focus({preventScroll: true});
      syncing = 0;
    };
    var make = function(id, role) {
      var element = document.createElement("div");
      element.attnId = id;
      element.setAttribute("role", role);
      element.style.cssText = "position:absolute;margin:0;padding:0;border:0;opacity:0;overflow:hidden;pointer-events:none";
      if (role === "img") return element;  // a picture: named, never focused nor pressed
      element.addEventListener("focus", function() { if (syncing !== id) _attn_access_focus(id); });
      // A screen reader's press (a click with no pointer: the element takes none).
      if (role !== "slider" && role !== "textbox") element.addEventListener("click", function() { _attn_access_press(id); });
      return element;
    };
    var set = function(element, name, value) {
      if (value === null) element.removeAttribute(name);
      else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
    };
    Module["onControls"] = function(list, focus) {
      var order = [];
      var rows = [];
      var seen = {};
      var gridPlaced = false;
      // An array a control (ui::EncodeAccess): id, role, checked, expanded, disabled, name, value
      // text, now, lo, hi, row, col, x, y, width, height.
      var lines = list ? JSON.parse(list) : [];
      for (var i = 0; i < lines.length; i++) {
        var f = lines[i];
        var id = f[0], kind = f[1], checked = f[2], role = ROLES[kind] || "button";
        var element = controls[id];
        if (!element || element.getAttribute("role") !== role) {
          if (element) element.remove();
          element = controls[id] = make(id, role);
        }
        seen[id] = 1;
        set(element, "aria-label", f[5]);
        set(element, "aria-disabled", f[4] === 1 ? "true" : null);
        set(element, role === "button" ? "aria-pressed" : "aria-checked", checked < 0 ? null : checked ? "true" : "false");
        set(element, "aria-expanded", f[3] === -1 ? null : f[3] === 1 ? "true" : "false");
        var slider = role === "slider";
        set(element, "aria-valuenow", slider ? String(f[7]) : null);
        set(element, "aria-valuemin", slider ? String(f[8]) : null);
        set(element, "aria-valuemax", slider ? String(f[9]) : null);
        set(element, "aria-valuetext", slider ? f[6] : null);
        set(element, "aria-description", kind === 5 && f[6] ? f[6] : null);
        if (role === "textbox" && element.textContent !== f[6]) element.textContent = f[6];
        var stop = role === "gridcell" ? -1 : 0;
        if (role !== "img" && element.tabIndex !== stop) element.tabIndex = stop;
        // Written only when they changed: each write would have the page lay out again.
        var style = element.style, box = [f[12], f[13], f[14], f[15]].join("px,") + "px";
        if (element.attnBox !== box) {
          element.attnBox = box;
          style.left = f[12] + "px";
          style.top = f[13] + "px";
          style.width = f[14] + "px";
          style.height = f[15] + "px";
        }
        if (role === "gridcell") {
          var row = f[10];
          element.attnRow = f[6];
          (rows[row] = rows[row] || []).push(element);
          if (!gridPlaced) {
            gridPlaced = true;
            grid = grid || document.createElement("div");
            grid.setAttribute("role", "grid");
            order.push(grid);
          }
        } else {
          order.push(element);
        }
      }
      // Whether the focus is in the widget, asked before an element goes: the focus of an element
      // whose control is no longer drawn (the lesson moved on to another scene) stays in the
      // widget, on the canvas, rather than falling back to the page's body.
      var active = document.activeElement;
      var inside = area.contains(active);
      for (var key in controls) {
        if (!seen[key]) {
          controls[key].remove();
          delete controls[key];
        }
      }
      // The grid's rows, then the elements in ImGui's order (which is the order they show in):
      // moved only when that changed, as a moved element loses the focus.
      if (rows.length) {
        for (var r = 0; r < rows.length; r++) {
          rows[r] = rows[r] || [];
          var line = grid.children[r] || grid.appendChild(document.createElement("div"));
          line.setAttribute("role", "row");
          if (rows[r][0]) set(line, "aria-label", rows[r][0].attnRow);  // the row's label (its token)
          for (var c = 0; c < rows[r].length; c++) if (line.children[c] !== rows[r][c]) line.insertBefore(rows[r][c], line.children[c] || null);
        }
        while (grid.children.length > rows.length) grid.lastChild.remove();
        // One cell is a tab stop: the one with ImGui's focus, else the first; arrows move between them.
        var cell = controls[focus] && controls[focus].getAttribute("role") === "gridcell" ? controls[focus] : null;
        (cell || grid.querySelector("[role=gridcell]")).tabIndex = 0;
      } else if (grid) {
        grid.remove();
        grid = null;
      }
      for (var k = 0; k < order.length; k++) if (layer.children[k] !== order[k]) layer.insertBefore(order[k], layer.children[k] || null);
      while (layer.children.length > order.length) layer.lastChild.remove();
      // The DOM focus follows ImGui's while it is in the widget, and stays where it was when moving
      // its element dropped it.
      if (inside) follow(controls[focus] || (area.contains(active) ? active : canvas));
    };
    // The elements are the tab stops; the canvas takes the focus only from a pointer (on no control).
    canvas.tabIndex = -1;
    canvas.setAttribute("aria-hidden", "true");
    // Keys: on an element, a slider's arrow keys, Page Up and Down, Home and End step its slider;
    // the rest reach ImGui as the canvas's keys do.
    var STEPS = {37: 1, 40: 1, 39: 2, 38: 2, 34: 3, 33: 4, 36: 5, 35: 6};  // keyCode: ui::AccessStep
    // On the canvas Tab moves between the widget's own controls, so Escape then Tab hands the focus
    // back to the page: no keyboard user is trapped inside.
    var leaving = false;
    area.addEventListener("keydown", function(e) {
      if (e.isComposing) return;
      var id = e.target !== canvas ? e.target.attnId : 0;
      var typing = _attn_typing();
      if (id) _attn_access_key(id);
      if (id && !typing) {
        if (e.keyCode === 9) return;  // the browser's Tab, to the next element or out of the widget
        if (e.target.getAttribute("role") === "slider" && STEPS[e.keyCode] && !e.altKey && !e.ctrlKey && !e.metaKey) {
          _attn_access_step(id, STEPS[e.keyCode] + (e.shiftKey && STEPS[e.keyCode] < 3 ? 2 : 0));
          e.preventDefault();
          return;
        }
      }
      if (e.keyCode === 9 && leaving) { leaving = false; return; }
      if (e.keyCode !== 16) leaving = e.keyCode === 27;
      var prevent = _attn_key(e.keyCode | 0, 1, mods(e));
      var key = e.key || "";
      var single = key.length === 1 || (key.length === 2 && key.charCodeAt(0) >= 0xD800 && key.charCodeAt(0) < 0xDC00);
      if (single && !e.ctrlKey && !e.metaKey) _attn_char(key.codePointAt(0));
      if (prevent) e.preventDefault();
    });
    area.addEventListener("keyup", function(e) { _attn_key(e.keyCode | 0, 0, mods(e)); });
    // Focus moving between the canvas and the elements stays in the widget.
    area.addEventListener("focusin", function() { _attn_focus(1); });
    area.addEventListener("focusout", function(e) {
      if (area.contains(e.relatedTarget)) return;
      _attn_access_focus(0);
      _attn_focus(0);
    });
  },
});
