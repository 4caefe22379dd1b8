<?php
/**
 * The router of `php -S` for the WordPress suite: what a web server's rewrite does. Existing
 * PHP files run, other existing files are served as they are, anything else goes to WordPress's
 * index.php (so /wp-json/… reaches WordPress, which shows its front page under plain permalinks).
 */
$root = getenv('WORDPRESS_ROOT');
$path = rawurldecode((string) parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH));
$file = realpath($root . $path);
if ($file !== false && strpos($file, $root) === 0 && is_file($file)) {
	if (substr($file, -4) !== '.php') {
		return false;
	}
} else {
	$file = $root . '/index.php';
	$path = '/index.php';
}
$_SERVER['SCRIPT_NAME'] = $path;
$_SERVER['PHP_SELF'] = $path;
$_SERVER['SCRIPT_FILENAME'] = $file;
chdir(dirname($file));
require $file;
