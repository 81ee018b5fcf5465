" Vim syntax file for ScrollScript (.scroll)
" Generated from the vocabulary by EditorGrammars.vimSyntax()
" (Sources/ScrollScript/Editor/EditorGrammars.swift); do not edit by hand.
if exists("b:current_syntax")
  finish
endif

syntax case match
" '.' joins a dotted name into one word, so the keyword 'header' does not take the
" start of 'header.height'.
syntax iskeyword @,48-57,_,192-255,.
syntax keyword scrollStructure scene scenario repeat behaviour import
syntax keyword scrollConfiguration screen fps header toolbar accordion refresh sections set use
syntax keyword scrollAction pull drag release fling swipe tap wait tick settle
syntax keyword scrollCheck expect print let frames
syntax keyword scrollLogical and or not
syntax keyword scrollBoolean true false
syntax keyword scrollState idle dragging decelerating bouncing shown hidden showing hiding pulling refreshing ending
syntax keyword scrollNamedValue normal fast
syntax keyword scrollOption within in always rows open closed x row pin nostretch parallax toggle single param states var value view action on range alpha when if else animate to over then scroll animated rect state target decelerate willBeginDragging didScroll dragging willEndDragging didEndDragging willBeginDecelerating didEndDecelerating didEndScrollingAnimation frame linear easeInOut easeIn easeOut
syntax match scrollTunable "\<\%(deceleration\.stopVelocity\|toolbar\.hideDistance\|toolbar\.showVelocity\|refresh\.endDuration\|accordion\.duration\|header\.bodyFollows\|snapback\.stiffness\|bounce\.stiffness\|refresh\.duration\|snapback\.damping\|toolbar\.duration\|header\.duration\|refresh\.trigger\|bounce\.damping\|fling\.duration\|refresh\.height\|section\.height\|deceleration\|drag\.speed\|row\.height\|rubberband\|inset\.top\)\>"
syntax match scrollObservable "\<\%(header\.image\.height\|finger\.translation\|content\.remaining\|refresh\.progress\|finger\.velocity\|header\.expanded\|content\.height\|header\.image\.y\|toolbar\.height\|header\.bottom\|header\.height\|refresh\.count\|refresh\.frame\|refresh\.inset\|refresh\.state\|screen\.height\|toolbar\.frame\|toolbar\.state\|header\.frame\|header\.scale\|screen\.width\|finger\.down\|offset\.max\|offset\.min\|tap\.target\|toolbar\.y\|header\.y\|velocity\|offset\|phase\|time\)\>"
syntax match scrollConfiguration "\<\%(section\)\>"
syntax match scrollObservable "\<\%(section\|row\)\ze\s*\["
syntax match scrollMember "\]\.\zs\%(visible\|height\|frame\|title\|open\|rows\|y\)\>"
syntax match scrollFunction "\<\%(clamp\|floor\|round\|abs\|max\|min\)\ze\s*("
syntax match scrollNumber "\<\d\+\%(\.\d\+\)\=\%([eE][+-]\=\d\+\)\=\%(ms\|s\|pt\)\=\>"
syntax match scrollSize "\<\d\+x\d\+\>"
syntax match scrollOperator "==\|!=\|<=\|>=\|\~=\|[<>+*/%=-]"
syntax match scrollEscape contained "\\\%([\\"nt]\|u{\x\{1,6}}\)"
syntax region scrollString start=+"+ skip=+\\\\\|\\"+ end=+"+ contains=scrollEscape
syntax match scrollComment "#.*$" contains=@Spell

highlight default link scrollStructure Keyword
highlight default link scrollConfiguration Type
highlight default link scrollAction Function
highlight default link scrollCheck Statement
highlight default link scrollLogical Operator
highlight default link scrollBoolean Boolean
highlight default link scrollState Constant
highlight default link scrollNamedValue Constant
highlight default link scrollOption Keyword
highlight default link scrollTunable Identifier
highlight default link scrollObservable Identifier
highlight default link scrollMember Identifier
highlight default link scrollFunction Function
highlight default link scrollNumber Number
highlight default link scrollSize Number
highlight default link scrollOperator Operator
highlight default link scrollEscape SpecialChar
highlight default link scrollString String
highlight default link scrollComment Comment

let b:current_syntax = "scrollscript"
