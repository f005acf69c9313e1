from stud.boot import run
run()
