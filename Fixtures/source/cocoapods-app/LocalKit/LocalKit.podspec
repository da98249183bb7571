Pod::Spec.new do |s|
  s.name = 'LocalKit'
  s.version = '1.0.0'
  s.source_files = 'Classes/**/*.swift'
  s.ios.deployment_target = '15.0'
end
