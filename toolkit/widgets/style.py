"""The stepper's look: option labels that wrap, a compact log, a board that never grows past its PNG."""

STYLE = """<style>
.bgt-stepper .bgt-option { white-space: normal; text-align: left; line-height: 1.25; padding: 3px 8px;
  max-width: 100%; min-height: 28px; }
.bgt-stepper .bgt-option .widget-label, .bgt-stepper .bgt-option { overflow: visible; text-overflow: clip; }
.bgt-stepper .widget-html-content { line-height: 1.3; }
.bgt-stepper .bgt-log { font-size: 13px; }
.bgt-stepper .bgt-step { border-top: 1px solid #ddd; padding: 3px 0; }
.bgt-stepper .bgt-event { margin: 2px 0 2px 0.6em; }
.bgt-stepper .bgt-why { color: #666; font-size: 95%; margin-left: 1em; }
.bgt-stepper .bgt-next { color: #333; padding: 2px 0; }
.bgt-stepper .bgt-hint { color: #555; font-style: italic; }
.bgt-stepper .bgt-prompt { line-height: 1.3; white-space: normal; }
.bgt-stepper .bgt-board img { cursor: crosshair; }
.bgt-stepper .bgt-side .widget-toggle-buttons { flex-wrap: wrap; }
</style>"""

# Answers bound to their frame (stepper.py, answers.py): a control drawn with a new frame ignores the pointer for
# ARMING_MS, so the second click of a double-click, meant for the control that was there, lands on nothing. The
# picture stays in the DOM, so its animation restarts by its class changing (bgt-arm-0 / bgt-arm-1 each frame).
ARMING_STYLE = """<style>
@keyframes bgt-arming-0 { from { pointer-events: none; } to { pointer-events: none; } }
@keyframes bgt-arming-1 { from { pointer-events: none; } to { pointer-events: none; } }
.bgt-stepper .bgt-decision button, .bgt-stepper .bgt-decision select { animation: bgt-arming-0 0.5s; }
.bgt-stepper .bgt-image.bgt-arm-0 { animation: bgt-arming-0 0.5s; }
.bgt-stepper .bgt-image.bgt-arm-1 { animation: bgt-arming-1 0.5s; }
.bgt-stepper .bgt-errors { color: #a00; }
</style>"""
STYLE = STYLE + ARMING_STYLE
