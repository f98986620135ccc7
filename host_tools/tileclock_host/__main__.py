from tileclock_host.cli import main

raise SystemExit(main())
