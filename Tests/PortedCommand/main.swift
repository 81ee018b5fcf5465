// `ported-scrollscript`: scrollscript with the two ported delegates (Tests/PortedDelegates)
// known to every command, as a user's own command is made (README, "Test your own
// behaviour"); the CLI tests run it on real files.
import ScrollScriptCommand
import PortedDelegates

ScrollScriptCommand.main(behaviours: portedBehaviours + faultyBehaviours)
