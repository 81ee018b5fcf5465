import ScrollScript
print("scrollscript \(ScrollScriptInfo.version)")
