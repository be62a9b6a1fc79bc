from highstakes.cli.main import main

raise SystemExit(main())
