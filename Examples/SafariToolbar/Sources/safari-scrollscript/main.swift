// `safari-scrollscript`: scrollscript with the ported toolbar known to every command
// (`swift run safari-scrollscript run scenarios/003-safari-toolbar.scroll`, `... repl`, ...).
import ScrollScriptCommand
import SafariToolbar

ScrollScriptCommand.main(behaviours: [SafariToolbar.self])
