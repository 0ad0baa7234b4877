"""The stepper's look, for a projector: the board as the stage, the question large in its player's colour, buttons
a class can hit, whose turn and the scores readable from the back; on a Voila page, a slim one-line header."""

#: Smallest sizes a class at a projector can read and hit (CSS px): the browser test measures them.
PROMPT_PX = 20
BUTTON_PX = 38
STATUS_PX = 15

STYLE = f"""<style>
.bgt-stepper .bgt-option {{ white-space: normal; text-align: left; line-height: 1.25; padding: 4px 10px;
  max-width: 100%; min-height: {BUTTON_PX}px; font-size: 16px; margin: 2px 4px 2px 0; }}
.bgt-stepper .bgt-option .widget-label, .bgt-stepper .bgt-option {{ overflow: visible; text-overflow: clip; }}
.bgt-stepper .bgt-decision button, .bgt-stepper .bgt-decision select {{ min-height: {BUTTON_PX}px; font-size: 16px; }}
.bgt-stepper .bgt-decision .widget-dropdown {{ height: auto; }}
.bgt-stepper .bgt-decision .widget-hbox {{ flex-wrap: wrap; }}
.bgt-stepper .bgt-decision button {{ flex-shrink: 0; }}
.bgt-stepper .widget-html-content {{ line-height: 1.3; }}
.bgt-stepper .bgt-log {{ font-size: 14px; }}
.bgt-stepper .bgt-step {{ border-top: 1px solid #ddd; padding: 3px 0; }}
.bgt-stepper .bgt-event {{ margin: 2px 0 2px 0.6em; }}
.bgt-stepper .bgt-next {{ color: #333; padding: 2px 0; }}
.bgt-stepper .bgt-hint {{ color: #555; font-style: italic; font-size: 15px; }}
.bgt-stepper .bgt-prompt {{ font-size: {PROMPT_PX}px; line-height: 1.3; white-space: normal; border-left: 6px solid;
  padding: 2px 0 4px 8px; margin: 4px 0; }}
.bgt-stepper .bgt-seat {{ border-radius: 4px; padding: 0 5px; font-weight: bold; white-space: nowrap; }}
.bgt-stepper .bgt-status-line {{ font-size: {STATUS_PX}px; line-height: 1.6; padding: 0 0 2px 0; }}
.bgt-stepper .bgt-score {{ white-space: nowrap; margin-right: 6px; }}
.bgt-stepper .bgt-controls .widget-button, .bgt-stepper .bgt-controls .widget-toggle-button {{ padding: 0 7px;
  font-size: 14px; height: 32px; }}
.bgt-stepper .bgt-controls .widget-toggle-buttons {{ width: auto; }}
.bgt-stepper .bgt-board img {{ cursor: crosshair; }}
.bgt-stepper .bgt-board {{ user-select: none; -webkit-user-select: none; }}
.bgt-stepper .bgt-decision > * {{ flex-shrink: 0; }}
.bgt-stepper .bgt-side .widget-toggle-buttons {{ flex-wrap: wrap; }}
body[data-voila="voila"] #rendered_cells {{ padding: 0 8px; }}
body[data-voila="voila"] .jp-Cell {{ padding: 0; }}
body[data-voila="voila"] .jp-RenderedMarkdown p {{ margin: 2px 0 4px 0; font-size: 15px; }}
body[data-voila="voila"] .jp-OutputArea-output {{ padding: 0; }}
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
