"""The theatre's controls: the side panel, the timeline slider, the transport buttons, the secrets panel.

Drawn immediate-mode each frame by ``TheatreScene.draw`` (its router gets one region per button);
a click comes back as the button's payload to ``on_click``. Nothing here touches the rules.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import i18n
from game.engine.i18n import localize, t
from game.ui import gfx
from game.ui.input import HitRegion
from game.ui.widgets import Button, Tooltip

SIDE = pygame.Rect(1040, 8, 232, 576)
SLIDER = pygame.Rect(24, 598, 1232, 30)
ROW_Y = 640
ROW_H = 44
#: the transport buttons, left to right: (payload, label key, tooltip key)
TRANSPORT = (("prev_round", "theatre.prev_round", "theatre.tip.prev_round"),
             ("prev_turn", "theatre.prev_turn", "theatre.tip.prev_turn"),
             ("back", "theatre.back", "theatre.tip.back"),
             ("play", "theatre.play", "theatre.tip.play"),
             ("forward", "theatre.forward", "theatre.tip.forward"),
             ("next_turn", "theatre.next_turn", "theatre.tip.next_turn"),
             ("next_round", "theatre.next_round", "theatre.tip.next_round"))
_TOOLTIP = Tooltip((0, 0, 1280, 720))


def _button(scene: Any, surface: pygame.Surface, rect: tuple[int, int, int, int], label: str, payload: str,
            tip: str | None = None, enabled: bool = True, primary: bool = False, size: int = 16) -> Button:
    b = Button(pygame.Rect(rect), label, payload, enabled=enabled, tooltip=tip, size=size, primary=primary,
               key=("theatre", payload))
    b.register(scene.router)
    b.draw(surface, hovered=b.rect.collidepoint(scene.router.mouse))
    return b


def buttons(scene: Any) -> list[tuple[str, pygame.Rect]]:
    """The transport and side buttons' payloads and rectangles (tests click them)."""
    out = []
    x = SLIDER.x
    for payload, _label, _tip in TRANSPORT:
        out.append((payload, pygame.Rect(x, ROW_Y, 118, ROW_H)))
        x += 126
    out.append(("speed", pygame.Rect(x + 10, ROW_Y, 150, ROW_H)))
    y = SIDE.y + 214
    for payload in ("viewer", "secrets", "chart", "play_on", "share", "close"):
        out.append((payload, pygame.Rect(SIDE.x + 12, y, SIDE.w - 24, 40)))
        y += 50
    return out


def _label(scene: Any, payload: str) -> tuple[str, str | None, bool, bool]:
    """(label, tooltip, enabled, primary) of a button."""
    c = scene.cursor
    if payload == "play":
        return (t("theatre.pause") if scene.playing else t("theatre.play")), t("theatre.tip.play"), True, True
    if payload == "speed":
        return t("theatre.speed", n=f"{scene.speed:g}"), t("theatre.tip.speed"), True, False
    if payload == "viewer":
        name = scene.inner.seat_name(scene.viewer) if scene.viewer is not None else t("theatre.spectator")
        ok = c.finished and len(c.seats) > 1
        return t("theatre.seen_by", name=name), t("theatre.tip.viewer" if ok else "theatre.tip.viewer_locked"), ok, False
    if payload == "secrets":
        key = "theatre.tip.secrets" if c.finished else "theatre.secrets_unfinished"
        return t("theatre.secrets"), t(key), c.finished, scene.panel == "secrets"
    if payload == "chart":
        return t("theatre.chart"), t("theatre.tip.chart"), True, scene.panel == "chart"
    if payload == "play_on":
        return t("theatre.play_on"), t("theatre.tip.play_on"), scene.at < len(c) or not c.finished, False
    if payload == "share":
        return t("theatre.share"), t("theatre.tip.share" if c.finished else "theatre.tip.share_unfinished"), \
            c.finished, False
    if payload == "close":
        return t("common.back"), None, True, False
    for p, label, tip in TRANSPORT:
        if p == payload:
            at_start, at_end = scene.at <= 0, scene.at >= len(c)
            ok = not (at_start if p.startswith("prev") or p == "back" else at_end and p != "play")
            return t(label), t(tip), ok, False
    return payload, None, True, False


def draw(scene: Any, surface: pygame.Surface) -> None:
    """The side panel, the slider and every button."""
    inner = gfx.panel(surface, SIDE)
    _draw_side_text(scene, surface, inner)
    for payload, rect in buttons(scene):
        label, tip, ok, primary = _label(scene, payload)
        _button(scene, surface, rect, label, payload, tip, ok, primary, 15 if rect.y > ROW_Y - 1 else 16)
    _slider(scene, surface)


def side_lines(scene: Any) -> list[tuple[str, int, bool, str, int]]:
    """The side panel's words above its buttons: (text, size, bold, palette colour name, gap below)."""
    c = scene.cursor
    title = localize(c.level.data.get("title", c.level.id))
    state = t("theatre.finished") if c.finished else t("theatre.unfinished")
    out = [(t("theatre.title"), 20, True, "ink", 6), (title, 15, False, "ink_soft", 6),
           (t("theatre.position", at=scene.at, n=len(c)), 16, True, "ink", 2),
           (t(f"theatre.round_{_axis(scene)}", n=c.round_at(scene.at)), 15, False, "ink", 2),
           (state, 14, False, "ink_soft", 8)]
    last = _step_words(scene)
    if last:
        out.append((last, 14, False, "ink", 0))
    return out


def side_text_room(inner: pygame.Rect) -> pygame.Rect:
    """Where the side panel's words go: above its first button."""
    top_button = SIDE.y + 214
    return pygame.Rect(inner.x, inner.y, inner.w, top_button - 6 - inner.y)


def _draw_side_text(scene: Any, surface: pygame.Surface, inner: pygame.Rect) -> list[pygame.Rect]:
    """The side panel's words, wrapped, all a step smaller until they fit above the buttons (at huge text they
    ran into them); the last move's line is clipped there as a last resort. Returns the drawn rects."""
    pal = gfx.palette()
    room = side_text_room(inner)
    lines = side_lines(scene)

    def height(step: int) -> int:
        return sum(gfx.text_size(text, max(9, size - step), bold, max_width=room.w)[1] + gap
                   for text, size, bold, _c, gap in lines)

    step = next((k for k in range(0, 9) if height(k) <= room.h), 8)
    clip = surface.get_clip()
    surface.set_clip(room.clip(clip) if clip else room)
    y, drawn = room.y, []
    for text, size, bold, colour, gap in lines:
        r = gfx.text(surface, text, (room.x, y), max(9, size - step), getattr(pal, colour), bold=bold,
                     max_width=room.w)
        drawn.append(r)
        y = r.bottom + gap
    surface.set_clip(clip)
    return drawn


def _axis(scene: Any) -> str:
    chart = scene.chart
    return chart.axis if chart is not None else ("turn" if scene.cursor.ruleset_id == "sanctuary" else "round")


def _step_words(scene: Any) -> str:
    """The words of the action that led to this position (the log's action line)."""
    if scene.at <= 0:
        return t("theatre.start")
    for line in reversed(scene.inner.match.log):
        if line.index == scene.at - 1 and line.kind == "action":
            return line.text_for(scene.viewer, i18n.language())  # in the table's language (it was English always)
    return ""


def _slider(scene: Any, surface: pygame.Surface) -> None:
    """The timeline: played part, round ticks, turning points, the knob."""
    pal = gfx.palette()
    c = scene.cursor
    n = max(1, len(c))
    r = SLIDER
    gfx.rounded_rect(surface, r, pal.panel_dark, 8)
    done = pygame.Rect(r.x, r.y, round(r.w * scene.at / n), r.h)
    if done.w > 0:
        gfx.rounded_rect(surface, done, pal.accent, 8)
    for at in c.rounds[1:]:
        x = r.x + round(r.w * at / n)
        pygame.draw.line(surface, pal.edge, (x, r.y + 3), (x, r.bottom - 3), 2)
    chart = scene.get_chart()
    if chart is not None:
        for tp in chart.turning:
            x = r.x + round(r.w * tp.at / n)
            pygame.draw.polygon(surface, pal.bad, [(x, r.bottom - 2), (x - 6, r.bottom + 8), (x + 6, r.bottom + 8)])
    kx = r.x + round(r.w * scene.at / n)
    pygame.draw.circle(surface, pal.ink, (kx, r.centery), r.h // 2 + 2)
    pygame.draw.circle(surface, pal.panel, (kx, r.centery), r.h // 2 - 2)
    scene.router.add(HitRegion(r, payload="slider", tooltip=t("theatre.tip.slider"), highlight=False,
                               key=("theatre", "slider")))


def slider_position(x: int, n: int) -> int:
    """The position under canvas x on the slider."""
    return max(0, min(n, round((x - SLIDER.x) * n / SLIDER.w)))


def on_slider_event(scene: Any, event: pygame.event.Event, pos: tuple[int, int]) -> bool:
    """Press and drag on the timeline jumps; True when the event was the slider's."""
    n = len(scene.cursor)
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and SLIDER.inflate(24, 12).collidepoint(pos):
        scene.dragging = True
        scene.playing = False
        scene.go(slider_position(pos[0], n))
        return True
    if event.type == pygame.MOUSEMOTION and scene.dragging:
        target = slider_position(pos[0], n)
        if target != scene.at:
            scene.go(target)
        return True
    if event.type == pygame.MOUSEBUTTONUP and scene.dragging:
        scene.dragging = False
        return True
    return False


def on_click(scene: Any, payload: Any) -> None:
    """A theatre button was clicked."""
    actions = {
        "back": lambda: scene.step(-1), "forward": lambda: scene.step(1), "play": scene.toggle_play,
        "prev_turn": lambda: scene.jump("prev_turn"), "next_turn": lambda: scene.jump("next_turn"),
        "prev_round": lambda: scene.jump("prev_round"), "next_round": lambda: scene.jump("next_round"),
        "speed": lambda: scene.change_speed(1 if scene.speed_i < 4 else -4), "viewer": scene.next_viewer,
        "secrets": lambda: scene.toggle_panel("secrets"), "chart": lambda: scene.toggle_panel("chart"),
        "play_on": scene.play_on, "share": scene.share, "close": scene.app.pop,
    }
    fn = actions.get(payload) if isinstance(payload, str) else None
    if fn is not None:
        scene.app.play_sound("click")
        fn()


def draw_secrets(scene: Any, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """What the chosen seat could not see at this position: hidden log lines and hidden parts of the state."""
    pal = gfx.palette()
    f = scene.frame()
    inner = gfx.panel(surface, rect)
    name = scene.inner.seat_name(f.viewer) if f.viewer is not None else t("theatre.spectator")
    y = gfx.text(surface, t("theatre.secrets_title", name=name), (inner.x, inner.y), 18, pal.ink, bold=True).bottom + 8
    hidden_lines = [e for e in f.log if e.hidden]
    if not f.secrets and not hidden_lines:
        gfx.text(surface, t("theatre.no_secrets"), (inner.x, y), 15, pal.ink_soft)
        return
    for e in hidden_lines[-6:]:
        y = gfx.text(surface, e.text, (inner.x, y), 14, pal.bad, max_width=inner.w).bottom + 2
        if y > inner.bottom - 20:
            return
    if hidden_lines:
        y += 6
    for s in f.secrets:
        y = gfx.text(surface, t("theatre.secret_line", path=s.path, value=s.value), (inner.x, y), 14, pal.ink,
                     max_width=inner.w).bottom + 2
        if y > inner.bottom - 20:
            break
    if f.more_secrets:
        gfx.text(surface, t("theatre.more_secrets", n=f.more_secrets), (inner.x, inner.bottom - 18), 13, pal.ink_soft)


def draw_tooltip(scene: Any, surface: pygame.Surface) -> None:
    """The tooltip of the control under the mouse."""
    text = scene.router.tooltip_text
    if text:
        _TOOLTIP.draw(surface, text, scene.router.mouse)


__all__ = ["SIDE", "SLIDER", "TRANSPORT", "buttons", "draw", "draw_secrets", "draw_tooltip", "on_click",
           "on_slider_event", "slider_position"]
