// scrollscript: the command with the built-in behaviours only. The commands live in the
// ScrollScriptCommand library (the other files of this folder), so that a user's executable
// can be the same tool with their own behaviours (ScrollScriptCommand.swift).
import ScrollScriptCommand

ScrollScriptCommand.main(behaviours: [])
