Classify.main()
