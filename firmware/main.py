from stud.app import run
run()
