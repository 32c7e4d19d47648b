from dtree.cli import main

raise SystemExit(main())
