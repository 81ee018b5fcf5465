" Vim and Neovim: .scroll files are ScrollScript.
autocmd BufRead,BufNewFile *.scroll set filetype=scrollscript
