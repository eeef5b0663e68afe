// levelkit's level viewer. Reads the embedded JSON (#levelkit-info) and GLB (#levelkit-glb), builds the
// scene with the bundled three.js (window.LK3) and wires the panel. The conventions it keys off are in
// crates/levelkit/src/convert/html.rs. Sets window.levelkitReady once the first frame is drawn, or
// window.levelkitError (and logs an error) when it cannot show the scene.
(function () {
  "use strict";
  const T = window.LK3;
  const $ = (id) => document.getElementById(id);
  const BACKGROUND = 0x1e2228;

  function fail(message) {
    window.levelkitError = String(message);
    const box = $("lk-error");
    box.textContent = "The viewer cannot show this level: " + message;
    box.hidden = false;
    console.error("levelkit viewer: " + message);
  }

  function base64Bytes(text) {
    const bin = atob(text);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  }

  const hex = (n) => "0x" + (n >>> 0).toString(16).toUpperCase().padStart(8, "0");

  let payload, glb;
  try {
    payload = JSON.parse($("levelkit-info").textContent);
    glb = base64Bytes($("levelkit-glb").textContent.trim());
  } catch (e) {
    fail("the embedded level data is damaged: " + e.message);
    return;
  }
  const info = payload.info;
  $("lk-notes").textContent = (info.notes || []).join("\n");
  $("lk-foot").textContent = payload.generator || "";

  // --- renderer, scene, cameras -------------------------------------------------------------------
  const view = $("lk-view");
  let renderer;
  try {
    const probe = document.createElement("canvas");
    if (!(probe.getContext("webgl2") || probe.getContext("webgl"))) throw new Error("no WebGL context");
    // preserveDrawingBuffer keeps the last frame readable for screenshots and tests.
    renderer = new T.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
  } catch (e) {
    fail("WebGL is not available in this browser (" + e.message + ")");
    return;
  }
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
  renderer.setClearColor(BACKGROUND, 1);
  view.appendChild(renderer.domElement);
  renderer.domElement.tabIndex = 0;

  const scene = new T.Scene();
  const camera = new T.PerspectiveCamera(60, 1, 0.1, 1000);
  scene.add(camera);
  scene.add(new T.AmbientLight(0xffffff, 0.55));
  const sun = new T.DirectionalLight(0xffffff, 1.6);
  sun.position.set(0.4, 0.8, 1); // relative to the camera: light comes from over the viewer's shoulder
  camera.add(sun);
  camera.add(sun.target);

  const controls = new T.OrbitControls(camera, renderer.domElement);
  controls.enableDamping = false;
  controls.screenSpacePanning = true;

  let frameWanted = false;
  function requestRender() {
    if (frameWanted) return;
    frameWanted = true;
    requestAnimationFrame(frame);
  }
  controls.addEventListener("change", requestRender);

  function resize() {
    const w = Math.max(1, view.clientWidth);
    const h = Math.max(1, view.clientHeight);
    renderer.setSize(w, h, false);
    camera.aspect = w / h;
    camera.updateProjectionMatrix();
    requestRender();
  }
  window.addEventListener("resize", resize);

  // --- the scene's parts ------------------------------------------------------------------------------
  const parts = []; // {object, node, nodeName, prim, lines, extras, materials, baseColour, attribute}
  const nodes = new Map(); // glTF node index -> {object, name, extras}
  let holesObject = null;
  let panelChosen = false;
  function setPanel(hidden) {
    document.body.classList.toggle("lk-panel-hidden", hidden);
    $("lk-collapse").textContent = hidden ? "▶" : "◀";
    $("lk-collapse").title = hidden ? "Show the panel" : "Hide the panel";
    $("lk-collapse").setAttribute("aria-expanded", String(!hidden));
    resize();
  }
  function fitPanel() {
    if (!panelChosen) setPanel(window.innerWidth < 800);
  }
  let chooseHole = () => {};
  window.addEventListener("message", (e) => {
    if (e.data && Number.isInteger(e.data.levelkitHole)) chooseHole(e.data.levelkitHole, false);
  });
  let sceneRadius = 1;
  const state = {
    mode: "textured",
    rooms: new Map(), // node name -> visible
    surfaces: new Map(), // attribute -> visible
    portals: true,
    tree: true,
    holes: true,
  };

  function surfaceColour(attribute) {
    const s = (info.surfaces || []).find((s) => s.attribute === attribute);
    return s ? new T.Color(s.colour) : null;
  }

  function makeMaterials(object, original, isLines, attribute) {
    const geometry = object.geometry;
    const hasColours = !!geometry.getAttribute("color");
    const base = original.color ? original.color.clone() : new T.Color(1, 1, 1);
    const side = original.side;
    const shared = {
      side,
      transparent: original.transparent,
      opacity: original.opacity,
      alphaTest: original.alphaTest,
    };
    if (isLines) {
      const m = new T.LineBasicMaterial({ color: base, vertexColors: hasColours });
      return { textured: m, vertex: m, surface: m, wireframe: m };
    }
    const tint = surfaceColour(attribute) || base;
    // Faces with neither texture nor vertex colours (collision) show their surface colour in every mode.
    const plain = !original.map && !hasColours ? tint : base;
    return {
      textured: new T.MeshBasicMaterial({ ...shared, color: plain, map: original.map || null, vertexColors: hasColours }),
      vertex: new T.MeshBasicMaterial({ ...shared, color: hasColours ? 0xffffff : plain, vertexColors: hasColours }),
      surface: new T.MeshLambertMaterial({ color: tint, flatShading: true, side: T.DoubleSide }),
      wireframe: new T.MeshBasicMaterial({ color: tint, wireframe: true, vertexColors: hasColours && attribute === undefined }),
    };
  }

  function nodeOf(object, associations) {
    for (let o = object; o; o = o.parent) {
      const a = associations.get(o);
      if (a && a.nodes !== undefined) return { index: a.nodes, object: o };
    }
    return null;
  }

  function collect(gltf) {
    const associations = gltf.parser.associations;
    gltf.scene.traverse((o) => {
      const a = associations.get(o);
      if (a && a.nodes !== undefined && !nodes.has(a.nodes)) {
        nodes.set(a.nodes, { object: o, name: o.userData.name || o.name, extras: o.userData });
      }
    });
    gltf.scene.traverse((o) => {
      if (!o.isMesh && !o.isLineSegments) return;
      const a = associations.get(o) || {};
      const node = nodeOf(o, associations);
      if (!node) return;
      const nodeInfo = nodes.get(node.index);
      const isLines = !!o.isLineSegments;
      const extras = o.geometry.userData || {};
      const attribute = typeof extras.attribute === "number" ? extras.attribute : undefined;
      const part = {
        object: o,
        node: node.index,
        nodeName: nodeInfo.name,
        prim: a.primitives || 0,
        lines: isLines,
        extras,
        attribute,
        group: o.material && o.material.name,
        groupExtras: (o.material && o.material.userData) || {},
      };
      part.materials = makeMaterials(o, o.material, isLines, attribute);
      parts.push(part);
    });
  }

  const isRoom = (name) => /^room_\d+$/.test(name);
  const isPortal = (name) => name.startsWith("portal_");

  function nodeVisible(n) {
    const name = n.name || "";
    if (state.rooms.has(name)) return state.rooms.get(name);
    if (isPortal(name)) {
      const room = n.extras && n.extras.room;
      if (typeof room === "number") {
        const owner = (info.rooms || []).find((r) => r.index === room);
        if (owner && state.rooms.get(owner.node) === false) return false;
      }
      return state.portals;
    }
    if (name === "tree") return state.tree;
    return true;
  }

  function applyVisibility() {
    const shown = new Map();
    for (const [index, n] of nodes) {
      shown.set(index, nodeVisible(n));
      n.object.visible = shown.get(index);
    }
    // A node with one primitive is that primitive's object: both rules apply to it.
    for (const p of parts) {
      const surface = p.attribute === undefined || state.surfaces.get(p.attribute) !== false;
      const own = nodes.get(p.node).object === p.object ? shown.get(p.node) : true;
      p.object.visible = surface && own;
    }
    if (holesObject) holesObject.visible = state.holes;
    requestRender();
  }

  function applyMode() {
    for (const p of parts) p.object.material = p.materials[state.mode] || p.materials.textured;
    requestRender();
  }

  // --- camera: fit, orbit, fly --------------------------------------------------------------------------
  function visibleBounds() {
    const box = new T.Box3();
    for (const p of parts) {
      let shown = true;
      for (let o = p.object; o; o = o.parent) if (!o.visible) shown = false;
      if (shown) box.expandByObject(p.object);
    }
    if (box.isEmpty()) for (const p of parts) box.expandByObject(p.object);
    return box;
  }

  function frameSphere(centre, radius) {
    radius = Math.max(radius, 1e-3);
    const distance = radius / Math.sin((camera.fov * Math.PI) / 360) * 1.05;
    const dir = new T.Vector3(0.6, 0.55, 0.9).normalize();
    camera.position.copy(centre).addScaledVector(dir, distance);
    camera.near = Math.max(distance / 2000, radius / 10000);
    camera.far = distance + radius * 4;
    camera.updateProjectionMatrix();
    camera.lookAt(centre);
    controls.target.copy(centre);
    controls.update();
    fly.speed = radius / 2;
    requestRender();
  }

  function fit() {
    const box = visibleBounds();
    if (box.isEmpty()) return;
    const sphere = box.getBoundingSphere(new T.Sphere());
    sceneRadius = Math.max(sceneRadius, sphere.radius);
    frameSphere(sphere.center, sphere.radius);
  }

  const fly = { on: false, keys: new Set(), speed: 1, dragging: false, last: null, yaw: 0, pitch: 0 };

  function setFly(on) {
    fly.on = on;
    controls.enabled = !on;
    $("lk-fly").classList.toggle("lk-on", on);
    $("lk-orbit").classList.toggle("lk-on", !on);
    const euler = new T.Euler().setFromQuaternion(camera.quaternion, "YXZ");
    fly.yaw = euler.y;
    fly.pitch = euler.x;
    if (!on) {
      // Orbit around the point in front of the camera, at the old target's distance.
      const d = camera.position.distanceTo(controls.target) || sceneRadius;
      const forward = new T.Vector3(0, 0, -1).applyQuaternion(camera.quaternion);
      controls.target.copy(camera.position).addScaledVector(forward, d);
      controls.update();
    }
    renderer.domElement.focus();
    requestRender();
  }

  let lastFrame = 0;
  function flyStep(now) {
    const dt = lastFrame ? Math.min((now - lastFrame) / 1000, 0.1) : 0;
    lastFrame = now;
    if (!fly.on || fly.keys.size === 0) {
      lastFrame = 0;
      return false;
    }
    const move = new T.Vector3();
    const k = fly.keys;
    if (k.has("KeyW") || k.has("ArrowUp")) move.z -= 1;
    if (k.has("KeyS") || k.has("ArrowDown")) move.z += 1;
    if (k.has("KeyA") || k.has("ArrowLeft")) move.x -= 1;
    if (k.has("KeyD") || k.has("ArrowRight")) move.x += 1;
    if (k.has("KeyE") || k.has("Space")) move.y += 1;
    if (k.has("KeyQ") || k.has("KeyC")) move.y -= 1;
    const fast = k.has("ShiftLeft") || k.has("ShiftRight") ? 4 : 1;
    if (move.lengthSq() > 0) {
      move.normalize().applyQuaternion(camera.quaternion).multiplyScalar(fly.speed * fast * dt);
      camera.position.add(move);
    }
    return true;
  }

  function frame(now) {
    frameWanted = false;
    const moving = flyStep(now);
    renderer.render(scene, camera);
    if (moving) requestRender();
  }

  const canvas = renderer.domElement;
  canvas.addEventListener("keydown", (e) => {
    if (e.code === "KeyF") fit();
    if (!fly.on) return;
    fly.keys.add(e.code);
    e.preventDefault();
    requestRender();
  });
  canvas.addEventListener("keyup", (e) => fly.keys.delete(e.code));
  canvas.addEventListener("blur", () => fly.keys.clear());
  canvas.addEventListener("pointerdown", (e) => {
    canvas.focus();
    if (!fly.on) return;
    fly.dragging = true;
    fly.last = [e.clientX, e.clientY];
    canvas.setPointerCapture(e.pointerId);
  });
  canvas.addEventListener("pointerup", () => (fly.dragging = false));
  canvas.addEventListener("wheel", (e) => {
    if (!fly.on) return;
    fly.speed *= e.deltaY < 0 ? 1.25 : 0.8;
    e.preventDefault();
  }, { passive: false });

  // --- hover ----------------------------------------------------------------------------------------
  const raycaster = new T.Raycaster();
  const pointer = new T.Vector2();
  let hoverWanted = null;
  canvas.addEventListener("pointermove", (e) => {
    if (fly.on && fly.dragging && fly.last) {
      fly.yaw -= (e.clientX - fly.last[0]) * 0.004;
      fly.pitch = Math.max(-1.55, Math.min(1.55, fly.pitch - (e.clientY - fly.last[1]) * 0.004));
      fly.last = [e.clientX, e.clientY];
      camera.quaternion.setFromEuler(new T.Euler(fly.pitch, fly.yaw, 0, "YXZ"));
      requestRender();
    }
    if (hoverWanted === null) requestAnimationFrame(hover);
    hoverWanted = [e.clientX, e.clientY];
  });
  canvas.addEventListener("pointerleave", () => {
    $("lk-hover").hidden = true;
    highlight.visible = false;
    requestRender();
  });

  function describe(part, faceInTriangles) {
    const node = nodes.get(part.node);
    const lines = [];
    const name = part.nodeName;
    const room = (info.rooms || []).find((r) => r.node === name);
    lines.push(room ? room.name + "  (" + name + ")" : "object " + name);
    const map = ((payload.faces || [])[part.node] || [])[part.prim];
    const face = map ? map[faceInTriangles] : undefined;
    if (face !== undefined) {
      lines.push((info.kind === "heroes-cl" ? "triangle " : "face ") + face);
    }
    lines.push("group " + (part.group || "?"));
    lines.push("flags " + hex(part.extras.flags || 0));
    if (part.attribute !== undefined) {
      const s = (info.surfaces || []).find((s) => s.attribute === part.attribute);
      lines.push("attribute " + hex(part.attribute) + (s ? "  " + s.label : ""));
    }
    const textures = (info.face_textures || {})[name];
    if (textures && face !== undefined && textures[face] !== undefined && textures[face] !== null) {
      lines.push("texture entry " + textures[face]);
    } else if (part.groupExtras && Object.keys(part.groupExtras).length) {
      lines.push("texture " + JSON.stringify(part.groupExtras));
    }
    if (node && node.extras && isPortal(name)) lines.push("portal " + JSON.stringify(node.extras));
    return lines.join("\n");
  }

  // The hovered face (all its triangles), drawn over everything.
  const highlight = new T.Mesh(new T.BufferGeometry(), new T.MeshBasicMaterial({
    color: 0xffe14d, transparent: true, opacity: 0.55, depthTest: false, side: T.DoubleSide,
  }));
  highlight.renderOrder = 11;
  highlight.visible = false;
  scene.add(highlight);

  function showHighlight(part, triangle) {
    const map = ((payload.faces || [])[part.node] || [])[part.prim] || [];
    const face = map[triangle];
    let first = triangle, last = triangle;
    while (first > 0 && map[first - 1] === face) first--;
    while (last + 1 < map.length && map[last + 1] === face) last++;
    const geometry = part.object.geometry;
    const position = geometry.getAttribute("position");
    const index = geometry.index;
    const out = new Float32Array((last - first + 1) * 9);
    const v = new T.Vector3();
    part.object.updateWorldMatrix(true, false);
    for (let t = first, k = 0; t <= last; t++) {
      for (let c = 0; c < 3; c++, k += 3) {
        const i = index ? index.getX(t * 3 + c) : t * 3 + c;
        v.fromBufferAttribute(position, i).applyMatrix4(part.object.matrixWorld);
        out.set([v.x, v.y, v.z], k);
      }
    }
    highlight.geometry.dispose();
    highlight.geometry = new T.BufferGeometry();
    highlight.geometry.setAttribute("position", new T.BufferAttribute(out, 3));
    highlight.visible = true;
    requestRender();
  }

  function hover() {
    const at = hoverWanted;
    hoverWanted = null;
    if (!at) return;
    const rect = canvas.getBoundingClientRect();
    pointer.set(((at[0] - rect.left) / rect.width) * 2 - 1, -((at[1] - rect.top) / rect.height) * 2 + 1);
    raycaster.setFromCamera(pointer, camera);
    const targets = parts.filter((p) => !p.lines && isShown(p.object)).map((p) => p.object);
    const hit = raycaster.intersectObjects(targets, false)[0];
    const box = $("lk-hover");
    if (!hit) {
      box.hidden = true;
      if (highlight.visible) {
        highlight.visible = false;
        requestRender();
      }
      return;
    }
    const part = parts.find((p) => p.object === hit.object);
    box.textContent = describe(part, hit.faceIndex);
    box.hidden = false;
    showHighlight(part, hit.faceIndex);
  }

  function isShown(o) {
    for (; o; o = o.parent) if (!o.visible) return false;
    return true;
  }

  // --- panel ----------------------------------------------------------------------------------------
  function checkboxItem(list, label, checked, data, onChange, swatch, count) {
    const li = document.createElement("li");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.checked = checked;
    for (const [k, v] of Object.entries(data)) box.dataset[k] = v;
    const id = "lk-cb-" + list.id + "-" + list.children.length;
    box.id = id;
    box.addEventListener("change", () => onChange(box.checked));
    li.appendChild(box);
    if (swatch) {
      const s = document.createElement("span");
      s.className = "lk-swatch";
      s.style.background = swatch;
      li.appendChild(s);
    }
    const l = document.createElement("label");
    l.htmlFor = id;
    l.textContent = label;
    l.title = label;
    li.appendChild(l);
    if (count !== undefined) {
      const c = document.createElement("span");
      c.className = "lk-count";
      c.textContent = count;
      li.appendChild(c);
    }
    list.appendChild(li);
    return box;
  }

  function setAll(listId, checked) {
    for (const box of $(listId).querySelectorAll("input[type=checkbox]")) {
      if (box.checked !== checked) {
        box.checked = checked;
        box.dispatchEvent(new Event("change"));
      }
    }
  }

  function buildPanel() {
    const names = new Set([...nodes.values()].map((n) => n.name));
    const rooms = (info.rooms || []).filter((r) => names.has(r.node));
    if (rooms.length) {
      $("lk-rooms-box").hidden = false;
      for (const r of rooms) {
        state.rooms.set(r.node, true);
        const faces = parts.filter((p) => p.nodeName === r.node && !p.lines)
          .reduce((n, p) => n + (p.object.geometry.index ? p.object.geometry.index.count / 3 : 0), 0);
        checkboxItem($("lk-rooms"), r.name, true, { room: r.index }, (on) => {
          state.rooms.set(r.node, on);
          applyVisibility();
        }, null, faces + " tris");
      }
      $("lk-rooms-all").onclick = () => setAll("lk-rooms", true);
      $("lk-rooms-none").onclick = () => setAll("lk-rooms", false);
    }
    const surfaces = info.surfaces || [];
    if (surfaces.length) {
      $("lk-surfaces-box").hidden = false;
      for (const s of surfaces) {
        state.surfaces.set(s.attribute, true);
        checkboxItem($("lk-surfaces"), s.label + "  " + hex(s.attribute), true, { surface: s.attribute }, (on) => {
          state.surfaces.set(s.attribute, on);
          applyVisibility();
        }, s.colour, s.count);
      }
      $("lk-surfaces-all").onclick = () => setAll("lk-surfaces", true);
      $("lk-surfaces-none").onclick = () => setAll("lk-surfaces", false);
    }
    if ([...names].some(isPortal)) $("lk-portals-row").hidden = false;
    if (names.has("tree")) $("lk-tree-row").hidden = false;
    $("lk-portals").onchange = (e) => { state.portals = e.target.checked; applyVisibility(); };
    $("lk-tree").onchange = (e) => { state.tree = e.target.checked; applyVisibility(); };
    $("lk-holes").onchange = (e) => { state.holes = e.target.checked; applyVisibility(); };
    $("lk-mode").onchange = (e) => { state.mode = e.target.value; applyMode(); };
    $("lk-fit").onclick = fit;
    $("lk-collapse").onclick = () => {
      panelChosen = true;
      setPanel(!document.body.classList.contains("lk-panel-hidden"));
    };
    $("lk-orbit").onclick = () => setFly(false);
    $("lk-fly").onclick = () => setFly(true);

    // Holes: markers sized so the stage stays visible (a thousand 9-px dots buried it), the chosen one
    // larger and yellow. A hole is chosen from the list here, or by the page around this one (a message
    // {levelkitHole: i}); the choice is posted back ({levelkitHoleChosen: i}) so both lists agree.
    const holes = (info.holes || []).filter((h) => [h.x, h.y, h.z].every(Number.isFinite));
    if (holes.length) {
      $("lk-holes-row").hidden = false;
      $("lk-holes-box").hidden = false;
      const positions = new Float32Array(holes.length * 3);
      holes.forEach((h, i) => positions.set([h.x, h.y, h.z], i * 3));
      const geometry = new T.BufferGeometry();
      geometry.setAttribute("position", new T.BufferAttribute(positions, 3));
      // A size in pixels such that all the markers together cover about 2 % of the view (3 to 9 px): a
      // thousand holes stay dots on a visible stage, a few stay easy to spot.
      const area = Math.max(1, view.clientWidth * view.clientHeight);
      const marker = Math.min(9, Math.max(3, Math.round(Math.sqrt((0.02 * area) / holes.length))));
      const dots = new T.Points(geometry, new T.PointsMaterial({
        color: 0xff2bd6, size: marker, sizeAttenuation: false, depthTest: false,
      }));
      dots.renderOrder = 10;
      dots.frustumCulled = false;
      holesObject = new T.Group();
      const chosenGeometry = new T.BufferGeometry();
      chosenGeometry.setAttribute("position", new T.BufferAttribute(new Float32Array(3), 3));
      const chosen = new T.Points(chosenGeometry, new T.PointsMaterial({
        color: 0xffe14d, size: 14, sizeAttenuation: false, depthTest: false,
      }));
      chosen.renderOrder = 11;
      chosen.frustumCulled = false;
      chosen.visible = false;
      holesObject.add(dots, chosen);
      scene.add(holesObject);
      const items = holes.map((h, i) => {
        const li = document.createElement("li");
        li.tabIndex = 0;
        li.textContent = (i + 1) + ". " + h.kind + "  (" + [h.x, h.y, h.z].map((v) => +v.toFixed(1)).join(", ") + ")";
        li.onclick = () => chooseHole(i, true);
        li.onkeydown = (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); chooseHole(i, true); } };
        $("lk-hole-list").appendChild(li);
        return li;
      });
      chooseHole = (i, fromHere) => {
        const h = holes[i];
        if (!h) return;
        chosenGeometry.attributes.position.array.set([h.x, h.y, h.z]);
        chosenGeometry.attributes.position.needsUpdate = true;
        chosenGeometry.computeBoundingSphere();
        chosen.visible = true;
        items.forEach((li, j) => li.classList.toggle("lk-chosen", j === i));
        items[i].scrollIntoView({ block: "nearest" });
        window.levelkitChosenHole = i;
        frameSphere(new T.Vector3(h.x, h.y, h.z), sceneRadius / 20);
        if (fromHere && window.parent !== window) window.parent.postMessage({ levelkitHoleChosen: i }, "*");
      };
      window.levelkitMarkerSize = marker;
    }
    // A scene with nothing textured starts in the mode that shows it best.
    const textured = parts.some((p) => p.materials.textured.map);
    const coloured = parts.some((p) => !p.lines && p.object.geometry.getAttribute("color"));
    state.mode = textured ? "textured" : coloured ? "vertex" : "surface";
    const options = $("lk-mode").options;
    for (const o of options) {
      if ((o.value === "textured" && !textured) || (o.value === "vertex" && !coloured)) o.disabled = true;
    }
    $("lk-mode").value = state.mode;
  }

  // --- start --------------------------------------------------------------------------------------------
  function start(gltf) {
    scene.add(gltf.scene);
    collect(gltf);
    buildPanel();
    // In a narrow window (the web page's frame at 1,024 px) the scene gets the width, until the panel is
    // shown or hidden by hand; ▶ brings it back.
    fitPanel();
    window.addEventListener("resize", fitPanel);
    applyMode();
    applyVisibility();
    resize();
    fit();
    renderer.render(scene, camera);
    window.levelkit = {
      info,
      background: BACKGROUND,
      fit,
      setFly,
      state,
      parts: () => parts.map((p) => ({ node: p.nodeName, prim: p.prim, lines: p.lines, attribute: p.attribute, shown: isShown(p.object) })),
    };
    requestAnimationFrame(() => {
      window.levelkitLoadMs = performance.now();
      window.levelkitReady = true;
    });
  }

  try {
    new T.GLTFLoader().parse(glb.buffer.slice(glb.byteOffset, glb.byteOffset + glb.byteLength), "", start, (e) =>
      fail("cannot read the embedded GLB: " + (e && e.message ? e.message : e)));
  } catch (e) {
    fail("cannot read the embedded GLB: " + e.message);
  }
})();
