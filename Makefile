# Mailrun's entry points. `make run` and `make test` are the two commands of the README.
#   make setup   install the Debian packages (deploy/setup.sh; idempotent)
#   make build   configure and build everything into build/ (binaries in build/bin/)
#   make run     setup + build + start the local stack (PostgreSQL, Redis, three services, the gateway)
#   make stop    stop the local stack
#   make status  what the local stack is running
#   make reset   stop the local stack and delete its data
#   make test    setup + build + run all tests with CTest
BUILD_DIR ?= build
JOBS ?= 2
GENERATOR := $(shell command -v ninja >/dev/null 2>&1 && echo Ninja || echo "Unix Makefiles")

.PHONY: setup build run stop status reset test clean

setup:
	deploy/setup.sh

build: setup
	@if [ ! -f $(BUILD_DIR)/CMakeCache.txt ]; then cmake -S . -B $(BUILD_DIR) -G "$(GENERATOR)" -DCMAKE_BUILD_TYPE=Release; fi
	cmake --build $(BUILD_DIR) -j $(JOBS)

run: build
	deploy/stack.sh start

stop:
	deploy/stack.sh stop

status:
	deploy/stack.sh status

reset:
	deploy/stack.sh reset

test: build
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS) --timeout 1500

clean:
	rm -rf $(BUILD_DIR)
